import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorUserRow } from '@harbor/contracts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import type { ModerationAction } from '../api/use-moderate-user.ts';

export interface ModerationDialogProps {
  open: boolean;
  user: OperatorUserRow | null;
  action: ModerationAction;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

const REASON_MAX = 2000;

/**
 * Confirms a ban, an unban or a deletion. Ban and delete need a reason (it
 * goes into the audit list); a deletion says plainly that it cannot be undone.
 */
export function ModerationDialog({ open, user, action, busy, error, onCancel, onConfirm }: ModerationDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const required = action !== 'unban';
  const missing = required && reason.trim() === '';
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '';

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (missing || busy) return;
    onConfirm(reason.trim());
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="moderation-title"
      aria-describedby="moderation-text"
      slotProps={{
        transition: {
          onExited: () => {
            setReason('');
            setTouched(false);
          },
        },
      }}
    >
      <DialogTitle id="moderation-title">{t(`operator:moderation.${action}.title`)}</DialogTitle>
      <form onSubmit={submit} noValidate>
      <DialogContent>
        <DialogContentText id="moderation-text" sx={{ mb: 2 }}>
          {t(`operator:moderation.${action}.text`, { name, email: user?.email ?? '' })}
        </DialogContentText>
        <TextInput
          id="moderation-reason"
          label={t(required ? 'operator:moderation.reason' : 'operator:moderation.reasonOptional')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          required={required}
          error={touched && missing}
          helperText={touched && missing ? t('operator:moderation.reasonRequired') : undefined}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
        <ApiErrorAlert error={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" color={action === 'unban' ? 'primary' : 'error'} variant="contained" disabled={busy}>
          {t(`operator:moderation.${action}.confirm`)}
        </Button>
      </DialogActions>
      </form>
    </Dialog>
  );
}
