import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartProduct } from '@harbor/contracts';
import { DateTimeField } from '../../../shared/ui/date-field.tsx';
import { useUpdateCartProduct } from '../api/carts-api.ts';
import { CartErrorLines } from './cart-error-lines.tsx';

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as the field's local 'YYYY-MM-DDTHH:MM'. */
const toLocal = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export interface LineTimeDialogProps {
  open: boolean;
  line: CartProduct;
  onClose: () => void;
}

/**
 * A cart line's time window, which goes stale while a cart waits (the start
 * must not be earlier than the listing's earliest start). The server checks
 * the new window with the order panel's rules and answers their texts.
 */
export function LineTimeDialog({ open, line, onClose }: LineTimeDialogProps) {
  const { t } = useTranslation('carts');
  const update = useUpdateCartProduct();
  const [start, setStart] = useState(toLocal(line.delivery.startTime));
  const [end, setEnd] = useState(toLocal(line.delivery.endTime));
  const [tried, setTried] = useState(false);
  const missing = (value: string) => (tried && !value ? t('validation:required') : undefined);
  const endBeforeStart = start && end && new Date(end).getTime() < new Date(start).getTime() ? t('lineTime.endBeforeStart') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!start || !end || endBeforeStart) return;
    update.mutate(
      { id: line.id, body: { quantity: line.quantity, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString() } },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="line-time-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="line-time-title">{t('lineTime.title', { name: line.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('lineTime.intro')}</DialogContentText>
          <Stack spacing={2}>
            <DateTimeField label={t('lineTime.start')} value={start} onChange={setStart} error={Boolean(missing(start))} helperText={missing(start)} required />
            <DateTimeField
              label={t('lineTime.end')}
              value={end}
              onChange={setEnd}
              error={Boolean(missing(end) ?? endBeforeStart)}
              helperText={missing(end) ?? endBeforeStart}
              required
            />
            <CartErrorLines error={update.error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
