import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { SelectField } from './select-field.tsx';
import type { SelectFieldProps } from './select-field.tsx';
import { useFormField } from './use-form-field.ts';

export type FormSelectFieldProps<T extends FieldValues, O> = Omit<SelectFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
};

/** A select bound to react-hook-form (see useFormField): SelectField, whose menu code loads after the first render. */
export function FormSelectField<T extends FieldValues, O>({ control, name, helperText, id, children, ...rest }: FormSelectFieldProps<T, O>) {
  const bound = useFormField(control, name, id, helperText);
  return (
    <SelectField {...rest} {...bound} value={bound.value as string} fullWidth={rest.fullWidth ?? true}>
      {children}
    </SelectField>
  );
}
