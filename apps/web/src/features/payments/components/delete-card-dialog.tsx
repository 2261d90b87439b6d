import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api-client/index.ts';

interface Props {
  card: string;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}

/** The delete confirmation of a saved card (seller spec section 2); Cancel has the focus, so Enter does not delete. */
export function DeleteCardDialog({ card, pending, error, onClose, onConfirm }: Props) {
  const { t } = useTranslation('payments');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} role="alertdialog">
      <DialogTitle id={titleId}>{t('methods.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('methods.deleteText', { card })}</DialogContentText>
        {error ? (
          <DialogContentText color="error" role="alert" sx={{ mt: 1 }}>
            {t(`errors:${errorCodeOf(error)}`)}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('methods.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          {t('methods.confirmDelete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
