import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { OrderLineBody } from '@harbor/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { initiateTransaction } from '../../transactions/api/transactions-api.ts';
import { MESSAGE_MAX } from '../limits.ts';
import { errorReason } from './error-reason.ts';

export interface EnquiryDialogProps {
  open: boolean;
  onClose: () => void;
  listingId: string;
  /** The order panel's line (quantity, time, delivery): an enquiry is about that order, ordered from later. */
  line: OrderLineBody;
}

/**
 * "Ask the seller": the `enquire` transition of the order process with the
 * message as its comment, which the server makes the thread's first message;
 * then the new enquiry's order page, where the thread goes on.
 */
export function EnquiryDialog({ open, onClose, listingId, line }: EnquiryDialogProps) {
  const { t } = useTranslation('listings');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  // One key per opened dialog: a retried or double-clicked send answers the same enquiry.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const send = useMutation({
    mutationFn: (comment: string) =>
      initiateTransaction(
        { processAlias: 'harbor-order-simple', transition: 'enquire', params: { ...line, listingId, protectedData: { comment } } },
        idempotencyKey,
      ),
    onSuccess: (tx) => void navigate(`/orders/${tx.id}`),
  });
  const length = text.trim().length;
  const problem = length === 0 ? t('enquiry.required') : length > MESSAGE_MAX ? t('enquiry.tooLong', { max: MESSAGE_MAX }) : null;
  const shown = problem && (touched || length > MESSAGE_MAX) ? problem : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!problem && !send.isPending) send.mutate(text.trim());
  };

  return (
    <Dialog open={open} onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="enquiry-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="enquiry-title">{t('enquiry.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('enquiry.intro')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={4}
            label={t('enquiry.label')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => text !== '' && setTouched(true)}
            error={Boolean(shown)}
            helperText={shown ?? t('enquiry.counter', { n: length, max: MESSAGE_MAX })}
            slotProps={{ htmlInput: { readOnly: send.isPending } }}
          />
          {send.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t('enquiry.failed', { reason: errorReason(t, send.error) })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending}>
            {t('enquiry.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {send.isPending ? t('enquiry.sending') : t('enquiry.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
