import { useId } from 'react';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/messages.ts';

/**
 * The props binding a text field or a select to react-hook-form. The error
 * text is the translated i18n key from the zod schema or the server's
 * invalidParams; forms use mode 'onTouched', so errors appear only once the
 * field was touched.
 */
export function useFormField<T extends FieldValues, O>(control: Control<T, unknown, O>, name: FieldPath<T>, id: string | undefined, helperText: ReactNode) {
  const { t } = useTranslation();
  // Unique per instance: two forms on one page (login behind the feedback dialog) must not share label targets.
  const autoId = useId();
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return {
    id: id ?? `${name}${autoId}`,
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: Boolean(message),
    helperText: message ? translateMessage(t, message) : helperText,
  };
}
