import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The seller's reviews (none are collected yet); loaded the first time it opens. */
export function ReviewsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="reviews-title">
      <DialogTitle id="reviews-title">{t('listings:page.reviews')}</DialogTitle>
      <DialogContent>
        <Typography>{t('listings:page.noReviews')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('listings:page.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
