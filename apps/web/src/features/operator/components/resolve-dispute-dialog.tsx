import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXTAREA_MAX } from '@harbor/contracts/constants';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import type { DisputeOutcome } from '../api/use-resolve-dispute.ts';

export interface ResolveDisputeDialogProps {
  open: boolean;
  outcome: DisputeOutcome;
  orderLabel: string;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: (comment: string) => void;
}

/** Completes or cancels a disputed order with a comment both parties will see (required, up to 5000 characters). */
export function ResolveDisputeDialog({ open, outcome, orderLabel, busy, error, onCancel, onConfirm }: ResolveDisputeDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = comment.trim() === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (missing || busy) return;
    onConfirm(comment.trim());
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="resolve-title"
      aria-describedby="resolve-text"
      slotProps={{
        transition: {
          onExited: () => {
            setComment('');
            setTouched(false);
          },
        },
      }}
    >
      <DialogTitle id="resolve-title">{t(`operator:disputes.${outcome}.title`)}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText id="resolve-text" sx={{ mb: 2 }}>
            {t(`operator:disputes.${outcome}.text`, { order: orderLabel })}
          </DialogContentText>
          <TextInput
            id="resolve-comment"
            label={t('operator:disputes.comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            onBlur={() => setTouched(true)}
            required
            error={touched && missing}
            helperText={touched && missing ? t('operator:disputes.commentRequired') : t('operator:disputes.commentHelp')}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: TEXTAREA_MAX } }}
          />
          <ApiErrorAlert error={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color={outcome === 'cancel' ? 'error' : 'primary'} variant="contained" disabled={busy}>
            {t(`operator:disputes.${outcome}.confirm`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
