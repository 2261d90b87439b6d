import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/messages.ts';

type Props<T extends FieldValues, O> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
};

/**
 * A MUI text field bound to react-hook-form. The error text is the translated
 * i18n key from the zod schema or the server's invalidParams; forms use
 * mode 'onTouched', so errors appear only once the field was touched.
 */
export function FormTextField<T extends FieldValues, O>({ control, name, helperText, id, ...rest }: Props<T, O>) {
  const { t } = useTranslation();
  // Unique per instance: two forms on one page (login behind the feedback dialog) must not share label targets.
  const autoId = useId();
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...rest}
      id={id ?? `${name}${autoId}`}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ? translateMessage(t, message) : helperText}
      fullWidth={rest.fullWidth ?? true}
    />
  );
}
