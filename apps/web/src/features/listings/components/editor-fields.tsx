import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import type { TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import type { Control, FieldPath } from 'react-hook-form';
import type { EditorValues } from '../editor-model.ts';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';

type EditorControl = Control<EditorValues>;

/**
 * A text field of the wizard (a select when given options): the shared form
 * field with a reserved helper line, so an error appearing on blur never moves
 * the buttons under the pointer.
 */
export function EditorField({
  options,
  helperText,
  ...rest
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { control: EditorControl; name: FieldPath<EditorValues>; options?: { value: string; label: ReactNode }[] }) {
  return (
    <FormTextField {...rest} select={Boolean(options)} helperText={helperText ?? ' '}>
      {options?.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

export function EditorCheckbox({ control, name, label }: { control: EditorControl; name: FieldPath<EditorValues>; label: string }) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} name={field.name} />}
      label={label}
    />
  );
}
