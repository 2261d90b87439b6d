import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useController } from 'react-hook-form';
import type { Control, FieldPath } from 'react-hook-form';
import type { EditorValues } from '../editor-model.ts';
import { FormSelectField } from '../../../shared/ui/form-select-field.tsx';
import type { FormSelectFieldProps } from '../../../shared/ui/form-select-field.tsx';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';
import type { FormTextFieldProps } from '../../../shared/ui/form-text-field.tsx';

type EditorControl = Control<EditorValues>;

/**
 * A text field of the wizard: the shared form field with a reserved helper
 * line, so an error appearing on blur never moves the buttons under the pointer.
 */
export function EditorField({ helperText, ...rest }: Omit<FormTextFieldProps<EditorValues, EditorValues>, 'control'> & { control: EditorControl }) {
  return <FormTextField {...rest} helperText={helperText ?? ' '} />;
}

/** A select of the wizard, with the same reserved helper line as EditorField. */
export function EditorSelectField({ helperText, ...rest }: Omit<FormSelectFieldProps<EditorValues, EditorValues>, 'children' | 'control'> & { control: EditorControl }) {
  return <FormSelectField {...rest} helperText={helperText ?? ' '} />;
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
