import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOverlay } from './lazy-overlay.tsx';
import { TextInput } from './text-input.tsx';
import type { TextInputProps } from './text-input.tsx';
import { ownMessage, useTypedValue } from './use-typed-value.ts';
import { datePartOf, formatDateTimeValue, formatDateValue, parseDateText, parseDateTimeText, timePartOf } from './date-text.ts';

// The calendar (MUI X with dayjs) loads on the first press of a calendar button: typing a date needs none of it.
const CalendarPopover = lazyOverlay(() => import('./date-calendar-popover.tsx').then((m) => m.DateCalendarPopover));

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'multiline' | 'rows' | 'minRows' | 'maxRows' | 'inputMode'> {
  /** 'YYYY-MM-DD' ('' when empty). */
  value: string | null | undefined;
  /** The new value: 'YYYY-MM-DD' as soon as the text reads as a date, '' while it does not. */
  onChange?: ((value: string) => void) | undefined;
  /** Bounds, 'YYYY-MM-DD': outside them the field shows an error, and the calendar does not offer the day. */
  min?: string | undefined;
  max?: string | undefined;
}

export interface DateTimeFieldProps extends Omit<DateFieldProps, 'value' | 'onChange' | 'min' | 'max'> {
  /** The local 'YYYY-MM-DDTHH:MM' of `<input type="datetime-local">` ('' when empty). */
  value: string | null | undefined;
  onChange?: ((value: string) => void) | undefined;
  min?: string | undefined;
  max?: string | undefined;
}

/** A date field that reads and takes DD.MM.YYYY in every browser locale, with a calendar on a button. */
export function DateField(props: DateFieldProps) {
  return <CalendarTextField {...props} kind="date" />;
}

/** A date and 24 h time field, 'DD.MM.YYYY HH:MM'; the calendar sets the date and keeps the time. */
export function DateTimeField(props: DateTimeFieldProps) {
  return <CalendarTextField {...props} kind="dateTime" />;
}

const KINDS = {
  date: { parse: parseDateText, format: formatDateValue },
  dateTime: { parse: parseDateTimeText, format: formatDateTimeValue },
} as const;

function CalendarTextField({
  kind,
  value: rawValue,
  onChange,
  onBlur,
  inputRef,
  min,
  max,
  label,
  helperText,
  error = false,
  disabled = false,
  placeholder,
  slotProps = {},
  ...rest
}: DateFieldProps & { kind: keyof typeof KINDS }) {
  const { t } = useTranslation();
  const value = rawValue ?? '';
  const { parse, format } = KINDS[kind];
  // The format as the user writes it, in the language's letters (PP.KK.VVVV in Finnish).
  const pattern = kind === 'date' ? t('common:dateField.date') : `${t('common:dateField.date')} ${t('common:dateField.time')}`;
  const name = typeof label === 'string' && label ? label : pattern;
  const typed = useTypedValue({
    value,
    onChange,
    onBlur,
    inputRef,
    parse,
    format,
    min,
    max,
    messages: {
      invalid: t('common:dateField.invalid', { format: pattern }),
      min: (bound) => t('common:dateField.min', { min: bound }),
      max: (bound) => t('common:dateField.max', { max: bound }),
    },
  });
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const [open, setOpen] = useState(false);
  const returnFocus = useRef(false);
  // After the popover's focus trap let go (its effects run before this parent's), the field takes the focus back.
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      typed.input.current?.focus();
    }
  }, [open, typed.input]);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };
  const pick = (day: string) => {
    if (kind === 'date') typed.setValue(day);
    else {
      let next = `${day}T${timePartOf(value) || '00:00'}`;
      // On the bound's own day, a time outside the bound moves to it.
      if (min && next < min) next = min;
      if (max && next > max) next = max;
      typed.setValue(next);
    }
    close();
  };

  return (
    <>
      <TextInput
        {...rest}
        label={label}
        value={typed.text}
        onChange={typed.onChange}
        onBlur={typed.onBlur}
        inputRef={typed.inputRef}
        disabled={disabled}
        error={Boolean(typed.error) || error}
        helperText={ownMessage(typed, error) ?? helperText}
        placeholder={placeholder ?? pattern}
        // Digits alone make a date ('05032026'), so a phone may show its number pad; a time needs its space.
        inputMode={kind === 'date' ? 'numeric' : undefined}
        autoComplete="off"
        slotProps={{
          ...slotProps,
          inputLabel: { shrink: true, ...slotProps.inputLabel },
          htmlInput: { ...slotProps.htmlInput, onInvalid: typed.onInvalid },
          input: {
            ref: setAnchor,
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={t('common:dateField.openCalendar', { field: name })}
                  aria-haspopup="dialog"
                  aria-expanded={open}
                  disabled={disabled}
                  onClick={() => setOpen(true)}
                  onMouseEnter={CalendarPopover.preload}
                  onFocus={CalendarPopover.preload}
                >
                  <CalendarMonthOutlined />
                </IconButton>
              </InputAdornment>
            ),
            ...slotProps.input,
          },
        }}
      />
      <CalendarPopover
        open={open}
        anchorEl={anchor}
        value={kind === 'date' ? value : datePartOf(value)}
        min={min && datePartOf(min)}
        max={max && datePartOf(max)}
        label={name}
        onPick={pick}
        onClose={close}
      />
    </>
  );
}
