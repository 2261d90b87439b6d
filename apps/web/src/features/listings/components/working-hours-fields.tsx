import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController, useFormState, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DAYS_OF_WEEK, WORKING_HOURS_NOTE_MAX } from '@harbor/contracts/listing-constants';
import type { EditorValues } from '../editor-model.ts';
import { translateIssue } from '../messages.ts';
import { EditorCheckbox, EditorField } from './editor-fields.tsx';
import { TimeField } from '../../../shared/ui/time-field.tsx';

type EditorControl = Control<EditorValues>;
type Day = (typeof DAYS_OF_WEEK)[number];

/** A 24 h time field of a day row; its error shows in the row's message line, not under the narrow field. */
function TimeInput({ control, day, end, dayName }: { control: EditorControl; day: Day; end: 'from' | 'to'; dayName: string }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: `workingHours.days.${day}.${end}` });
  const open = useWatch({ control, name: `workingHours.days.${day}.open` });
  return (
    <TimeField
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      disabled={!open}
      label={t(`listings:editor.workingHours.${end === 'from' ? 'opens' : 'closes'}`)}
      // Its problem shows in the row's message line, with the form's (the zod rule's) text.
      showProblem={false}
      sx={{ width: 150 }}
      slotProps={{
        htmlInput: { 'aria-label': t(`listings:editor.workingHours.${end === 'from' ? 'opensOn' : 'closesOn'}`, { day: dayName }), 'aria-describedby': `hours-${day}-message` },
      }}
    />
  );
}

function DayRow({ control, day }: { control: EditorControl; day: Day }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: `workingHours.days.${day}.open` });
  const { errors } = useFormState({ control, name: `workingHours.days.${day}` });
  const error = errors.workingHours?.days?.[day];
  const message = error?.from?.message ?? error?.to?.message;
  const dayName = t(`listings:weekdays.${day}`);
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <FormControlLabel
          sx={{ width: 170 }}
          label={field.value ? dayName : `${dayName} (${t('listings:workingHours.closed')})`}
          control={
            <Checkbox
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
              slotProps={{ input: { 'aria-label': t('listings:editor.workingHours.openOn', { day: dayName }) } }}
            />
          }
        />
        <TimeInput control={control} day={day} end="from" dayName={dayName} />
        <TimeInput control={control} day={day} end="to" dayName={dayName} />
      </Stack>
      {/* A reserved line: an error appearing on blur must not move the next row under the pointer. */}
      <FormHelperText id={`hours-${day}-message`} error sx={{ minHeight: '1.5em', m: 0 }}>
        {message ? translateIssue(t, message) : ' '}
      </FormHelperText>
    </Box>
  );
}

/** Weekly working hours on the Availability tab: optional as a whole, then open or closed per weekday. */
export function WorkingHoursFields({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  const enabled = useWatch({ control, name: 'workingHours.enabled' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {t('listings:workingHours.title')}
      </Typography>
      <EditorCheckbox control={control} name="workingHours.enabled" label={t('listings:editor.workingHours.show')} />
      {enabled && (
        <Stack sx={{ mt: 1 }}>
          {DAYS_OF_WEEK.map((day) => (
            <DayRow key={day} control={control} day={day} />
          ))}
          <EditorField
            control={control}
            name="workingHours.note"
            label={t('listings:editor.workingHours.note')}
            helperText={t('listings:editor.workingHours.noteHelp')}
            slotProps={{ htmlInput: { maxLength: WORKING_HOURS_NOTE_MAX } }}
          />
        </Stack>
      )}
    </Box>
  );
}
