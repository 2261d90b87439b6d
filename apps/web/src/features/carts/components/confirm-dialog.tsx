import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cartErrorTexts } from '../error-text.ts';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before deleting a cart or a template; Cancel has the focus, so Enter does not delete by accident. */
export function ConfirmDialog({ title, text, confirmLabel, pending, error, onClose, onConfirm }: Props) {
  const { t } = useTranslation('carts');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} role="alertdialog">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {cartErrorTexts(t, error).map((message) => (
          <DialogContentText key={message} color="error" role="alert" sx={{ mt: 1 }}>
            {message}
          </DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common:actions.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
