import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorUserRow } from '@harbor/contracts';
import { TextInput } from '../../../shared/ui/text-input.tsx';

/** Asks for an optional reason; it is sent to the applicant in the rejection e-mail. */
export function RejectDialog({
  user,
  onCancel,
  onConfirm,
  busy,
}: {
  user: OperatorUserRow | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={user !== null}
      onClose={onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="reject-title"
      slotProps={{ transition: { onExited: () => setReason('') } }}
    >
      <DialogTitle id="reject-title">{t('operator:reject.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {user && t('operator:reject.text', { name: `${user.firstName} ${user.lastName}`, company: user.companyName })}
        </DialogContentText>
        <TextInput
          id="reject-reason"
          label={t('operator:reject.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => onConfirm(reason.trim())}>
          {t('operator:actions.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
