import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { DateField, DateTimeField } from './date-field.tsx';
import type { DateFieldProps, DateTimeFieldProps } from './date-field.tsx';
import { useFormField } from './use-form-field.ts';

type Bound = 'name' | 'value' | 'onChange' | 'onBlur' | 'error';

export type FormDateFieldProps<T extends FieldValues, O> = Omit<DateFieldProps, Bound> & { control: Control<T, unknown, O>; name: FieldPath<T> };
export type FormDateTimeFieldProps<T extends FieldValues, O> = Omit<DateTimeFieldProps, Bound> & { control: Control<T, unknown, O>; name: FieldPath<T> };

/**
 * A DateField bound to react-hook-form (see useFormField): the form's value
 * stays 'YYYY-MM-DD', as with the browser's date input before. The field's own
 * message (text that is no date) wins over the form's, which then says only
 * that a value is missing.
 */
export function FormDateField<T extends FieldValues, O>({ control, name, helperText, id, ...rest }: FormDateFieldProps<T, O>) {
  const bound = useFormField(control, name, id, helperText);
  return <DateField {...rest} {...bound} fullWidth={rest.fullWidth ?? true} />;
}

/** A DateTimeField bound to react-hook-form; the value stays the local 'YYYY-MM-DDTHH:MM'. */
export function FormDateTimeField<T extends FieldValues, O>({ control, name, helperText, id, ...rest }: FormDateTimeFieldProps<T, O>) {
  const bound = useFormField(control, name, id, helperText);
  return <DateTimeField {...rest} {...bound} fullWidth={rest.fullWidth ?? true} />;
}
