import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import type { Control, FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EditorValues } from '../editor-model.ts';
import { translateIssue } from '../messages.ts';

type EditorControl = Control<EditorValues>;

/** A text field of the wizard; its error (translated) shows only once touched (mode onTouched). */
export function EditorField({
  control,
  name,
  options,
  ...rest
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { control: EditorControl; name: FieldPath<EditorValues>; options?: { value: string; label: ReactNode }[] }) {
  const { t } = useTranslation();
  const autoId = useId();
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...rest}
      id={`${name}${autoId}`}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      select={Boolean(options)}
      error={Boolean(message)}
      // A reserved helper line: an error appearing on blur must not move the buttons under the pointer.
      helperText={message ? translateIssue(t, message) : (rest.helperText ?? ' ')}
      fullWidth={rest.fullWidth ?? true}
    >
      {options?.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
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
