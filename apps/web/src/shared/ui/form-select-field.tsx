import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useFormField } from './use-form-field.ts';

export type FormSelectFieldProps<T extends FieldValues, O> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'children'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  /** The options: MenuItems. */
  children: ReactNode;
};

/**
 * A select bound to react-hook-form (see useFormField): MUI's TextField in
 * select mode. Kept apart from FormTextField because it brings MUI's Select,
 * Menu and Popover along.
 */
export function FormSelectField<T extends FieldValues, O>({ control, name, helperText, id, children, ...rest }: FormSelectFieldProps<T, O>) {
  const bound = useFormField(control, name, id, helperText);
  return (
    <TextField {...rest} {...bound} select fullWidth={rest.fullWidth ?? true}>
      {children}
    </TextField>
  );
}
