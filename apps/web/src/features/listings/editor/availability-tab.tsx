import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DAYS_OF_WEEK } from '@harbor/contracts/listing-constants';
import { FormDateField } from '../../../shared/ui/form-date-fields.tsx';
import { EditorField } from '../components/editor-fields.tsx';
import { WorkingHoursFields } from '../components/working-hours-fields.tsx';
import type { EditorControl } from './editor-control.ts';

/** The Availability tab's form part: the period, seats per weekday and working hours (exceptions follow the form). */
export function AvailabilityTab({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  return (
    <>
      <Stack direction="row" spacing={1}>
        <FormDateField control={control} name="availableFrom" label={t('listings:editor.fields.availableFrom')} helperText=" " required />
        <FormDateField control={control} name="availableTo" label={t('listings:editor.fields.availableTo')} helperText=" " required />
      </Stack>
      <Typography variant="subtitle2">{t('listings:editor.plan')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {DAYS_OF_WEEK.map((day, i) => (
          <EditorField key={day} control={control} name={`seats.${i}`} label={t(`listings:days.${day}`)} inputMode="numeric" sx={{ width: 90 }} fullWidth={false} />
        ))}
      </Stack>
      <WorkingHoursFields control={control} />
    </>
  );
}
