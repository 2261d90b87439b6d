import { useTranslation } from 'react-i18next';
import { TextInput } from './text-input.tsx';
import type { TextInputProps } from './text-input.tsx';
import { ownMessage, useTypedValue } from './use-typed-value.ts';
import { formatTimeValue, parseTimeText } from './date-text.ts';

export interface TimeFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'multiline' | 'rows' | 'minRows' | 'maxRows' | 'inputMode'> {
  /** 'HH:MM', 24 h ('' when empty). */
  value: string | null | undefined;
  /** The new value: 'HH:MM' as soon as the text reads as a time, '' while it does not. */
  onChange?: ((value: string) => void) | undefined;
  min?: string | undefined;
  max?: string | undefined;
  /** false: a problem only turns the field red, for a caller that shows its own message elsewhere (a row's message line). */
  showProblem?: boolean | undefined;
}

/** A 24 h time field, HH:MM in every browser locale (a browser's time input shows AM/PM in en-US). */
export function TimeField({ value, onChange, onBlur, inputRef, min, max, showProblem = true, helperText, error = false, placeholder, slotProps = {}, ...rest }: TimeFieldProps) {
  const { t } = useTranslation();
  const typed = useTypedValue({
    value: value ?? '',
    onChange,
    onBlur,
    inputRef,
    parse: parseTimeText,
    format: formatTimeValue,
    min,
    max,
    messages: {
      invalid: t('common:dateField.invalid', { format: t('common:dateField.time') }),
      min: (bound) => t('common:dateField.min', { min: bound }),
      max: (bound) => t('common:dateField.max', { max: bound }),
    },
  });
  return (
    <TextInput
      {...rest}
      value={typed.text}
      onChange={typed.onChange}
      onBlur={typed.onBlur}
      inputRef={typed.inputRef}
      error={Boolean(typed.error) || error}
      helperText={(showProblem && ownMessage(typed, error)) || helperText}
      placeholder={placeholder ?? t('common:dateField.time')}
      // Digits alone make a time ('0730'), so a phone may show its number pad.
      inputMode="numeric"
      autoComplete="off"
      slotProps={{ ...slotProps, inputLabel: { shrink: true, ...slotProps.inputLabel }, htmlInput: { ...slotProps.htmlInput, onInvalid: typed.onInvalid } }}
    />
  );
}
