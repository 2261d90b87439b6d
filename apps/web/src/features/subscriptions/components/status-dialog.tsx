import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionPatchBody } from '@harbor/contracts';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { useChangeSubscription } from '../api/subscriptions-api.ts';

/** Accept, decline or cancel with the message the other side reads (required, as the server says). */
export default function StatusDialog({ id, status, onClose }: { id: string; status: SubscriptionPatchBody['status']; onClose: () => void }) {
  const { t } = useTranslation(['subscriptions', 'errors', 'validation']);
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const change = useChangeSubscription();
  const empty = !message.trim();
  const submit = () => {
    setTouched(true);
    if (empty) return;
    change.mutate({ id, body: { status, message: message.trim() } }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t(`dialog.title.${status}`)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          label={t('dialog.message')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={touched && empty}
          helperText={touched && empty ? t('validation:required') : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'subscription-message' } }}
        />
        {change.isError && <Alert severity="error">{t(`errors:${errorCodeOf(change.error)}`)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
        <Button variant="contained" onClick={submit} disabled={change.isPending}>
          {t('dialog.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
