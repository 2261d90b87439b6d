import Popover from '@mui/material/Popover';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { fiFI } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import en from 'dayjs/locale/en';
import fi from 'dayjs/locale/fi';
import { useTranslation } from 'react-i18next';

/**
 * The spec's first day of week is 0, Sunday, in both languages (seller spec
 * section 9, buyer spec section 9), although dayjs' Finnish locale starts on
 * Monday: the calendar uses copies of the two locales with weekStart 0,
 * registered under their own names so other users of dayjs keep theirs.
 */
const LOCALES = {
  en: { ...en, name: 'harbor-en', weekStart: 0 },
  fi: { ...fi, name: 'harbor-fi', weekStart: 0 },
};
for (const locale of Object.values(LOCALES)) dayjs.locale(locale, undefined, true);

const FI_TEXTS = fiFI.components.MuiLocalizationProvider.defaultProps.localeText;

export interface DateCalendarPopoverProps {
  open: boolean;
  anchorEl: HTMLElement | null;
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  /** The dialog's accessible name. */
  label: string;
  onPick: (value: string) => void;
  onClose: () => void;
}

/**
 * MUI X's calendar in a popover, loaded the first time a date field's
 * calendar button is pressed (about 60 KB gzip that typing a date never
 * needs). The calendar is keyboard-navigable; Escape closes the popover and
 * the field takes the focus back (see DateField).
 */
export function DateCalendarPopover({ open, anchorEl, value, min, max, label, onPick, onClose }: DateCalendarPopoverProps) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'fi' ? 'fi' : 'en';
  // dayjs reads 'YYYY-MM-DD' as a local day (Date would read it as UTC midnight).
  const parse = (v: string | undefined) => (v ? dayjs(v).locale(LOCALES[language].name) : undefined);
  const selected = parse(value);
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      // The field, not the calendar button, gets the focus back (DateField does it).
      disableRestoreFocus
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': label } }}
    >
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={LOCALES[language].name} {...(language === 'fi' && { localeText: FI_TEXTS })}>
        <DateCalendar
          autoFocus
          value={selected?.isValid() ? selected : null}
          minDate={parse(min)}
          maxDate={parse(max)}
          onChange={(day, selectionState) => {
            if (selectionState === 'finish' && day?.isValid()) onPick(day.format('YYYY-MM-DD'));
          }}
        />
      </LocalizationProvider>
    </Popover>
  );
}
