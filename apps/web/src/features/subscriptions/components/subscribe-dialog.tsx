import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SubscriptionMonthDay, SubscriptionSchedule, SubscriptionType } from '@harbor/contracts';
import { errorCodeOf, invalidParamsOf } from '../../../shared/api-client/index.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { useCreateSubscription } from '../api/subscriptions-api.ts';
import { WEEKDAYS } from '../schedule-text.ts';

const today = () => new Date().toISOString().slice(0, 10);
const inMonths = (n: number) => {
  const d = new Date();
  d.setMonth(d.getMonth() + n);
  return d.toISOString().slice(0, 10);
};

/** The schedule of a recurring order from a cart of one item; the server checks the same rules and answers the field messages. */
export default function SubscribeDialog({ cartId, onClose }: { cartId: string; onClose: () => void }) {
  const { t } = useTranslation(['subscriptions', 'errors', 'validation']);
  const navigate = useNavigate();
  const create = useCreateSubscription();
  const [type, setType] = useState<SubscriptionType>('weekly');
  const [interval, setInterval] = useState(1);
  const [weekdays, setWeekdays] = useState<number[]>([1]);
  const [monthDay, setMonthDay] = useState<SubscriptionMonthDay>('first');
  const [startTime, setStartTime] = useState('09:00');
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(() => inMonths(3));
  const [message, setMessage] = useState('');

  const errors = Object.fromEntries(invalidParamsOf(create.error).map((p) => [p.path.replace(/^body\.(schedule\.)?/, ''), p.message]));
  const text = (field: string) => (errors[field] ? t(errors[field].replace(/^([a-z-]+)\./, '$1:').replace(/^validation:/, 'validation:')) : undefined);
  const endBeforeStart = !!startDate && !!endDate && endDate < startDate;

  const submit = () => {
    if (endBeforeStart) return;
    const schedule: SubscriptionSchedule = { type, interval, startTime, startDate, endDate, ...(type === 'weekly' ? { weekdays } : { monthDay }) };
    create.mutate({ cartId, schedule, ...(message.trim() && { message: message.trim() }) }, { onSuccess: () => navigate('/subscriptions') });
  };
  const toggle = (d: number) => setWeekdays((w) => (w.includes(d) ? w.filter((x) => x !== d) : [...w, d].sort()));
  const generic = create.isError && !invalidParamsOf(create.error).length;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('subscribe.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select label={t('subscribe.type')} value={type} onChange={(e) => setType(e.target.value as SubscriptionType)} slotProps={{ htmlInput: { 'data-testid': 'subscription-type' } }}>
            <MenuItem value="weekly">{t('types.weekly')}</MenuItem>
            <MenuItem value="monthly">{t('types.monthly')}</MenuItem>
          </TextField>
          <TextField
            type="number"
            label={`${t('subscribe.interval')} (${t(`subscribe.intervalUnit.${type}`)})`}
            value={interval}
            onChange={(e) => setInterval(Math.max(1, Math.round(Number(e.target.value) || 1)))}
            error={!!errors.interval}
            helperText={text('interval')}
            slotProps={{ htmlInput: { min: 1, max: 52 } }}
          />
          {type === 'weekly' ? (
            <div>
              <FormLabel>{t('subscribe.weekdays')}</FormLabel>
              <FormGroup row>
                {WEEKDAYS.map((d) => (
                  <FormControlLabel key={d} control={<Checkbox checked={weekdays.includes(d)} onChange={() => toggle(d)} />} label={t(`weekdays.${d}`)} />
                ))}
              </FormGroup>
              {errors.weekdays && <Alert severity="error">{text('weekdays')}</Alert>}
            </div>
          ) : (
            <TextField select label={t('subscribe.monthDay')} value={monthDay} onChange={(e) => setMonthDay(e.target.value as SubscriptionMonthDay)}>
              <MenuItem value="first">{t('monthDays.first')}</MenuItem>
              <MenuItem value="last">{t('monthDays.last')}</MenuItem>
            </TextField>
          )}
          <TextField
            label={t('subscribe.startTime')}
            value={startTime}
            onChange={(e) => setStartTime(e.target.value)}
            placeholder="09:00"
            error={!!errors.startTime}
            helperText={text('startTime')}
            slotProps={{ htmlInput: { 'data-testid': 'subscription-start-time' } }}
          />
          <DateField label={t('subscribe.startDate')} value={startDate} onChange={setStartDate} error={!!errors.startDate} helperText={text('startDate')} />
          <DateField
            label={t('subscribe.endDate')}
            value={endDate}
            onChange={setEndDate}
            error={endBeforeStart || !!errors.endDate}
            helperText={endBeforeStart ? t('validation.endBeforeStart') : text('endDate')}
          />
          <TextField label={t('subscribe.message')} multiline minRows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
          {generic && <Alert severity="error">{t(`errors:${errorCodeOf(create.error)}`)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending} data-testid="subscribe-submit">
          {t('subscribe.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
