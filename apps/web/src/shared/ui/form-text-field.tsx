import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { TextInput } from './text-input.tsx';
import type { TextInputProps } from './text-input.tsx';
import { useFormField } from './use-form-field.ts';

export type FormTextFieldProps<T extends FieldValues, O> = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
};

/**
 * A text field bound to react-hook-form (see useFormField). Never a select:
 * that is FormSelectField, so pages without one do not load MUI's Select.
 */
export function FormTextField<T extends FieldValues, O>({ control, name, helperText, id, ...rest }: FormTextFieldProps<T, O>) {
  const bound = useFormField(control, name, id, helperText);
  return <TextInput {...rest} {...bound} fullWidth={rest.fullWidth ?? true} />;
}
