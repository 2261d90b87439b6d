import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Attachment } from '@harbor/contracts';
import { useTranslation } from 'react-i18next';

/** Asks before an attachment is removed for both parties. */
export default function DeleteAttachmentDialog({ attachment, onCancel, onConfirm }: { attachment: Attachment; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <Dialog open onClose={onCancel} aria-labelledby="delete-attachment-title">
      <DialogTitle id="delete-attachment-title">{t('attachments.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('attachments.deleteText', { name: attachment.name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('attachments.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('attachments.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
