import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review } from '@harbor/contracts';
import { snapRating } from '@harbor/contracts/review-rating';
import { formatDate } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { useReviews, type ReviewsScope } from '../api/reviews-api.ts';

const PER_PAGE = 20;

function ReviewItem({ review, showType }: { review: Review; showType: boolean }) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1.5 }} data-testid="review">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Rating value={review.rating} readOnly size="small" aria-label={t('reviews:rating', { rating: review.rating })} />
        <Typography variant="body2" color="text.secondary">
          {t('reviews:by', { author: review.author.displayName, date: formatDate(review.createdAt) })}
        </Typography>
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>{review.content}</Typography>
      <Typography variant="caption" color="text.secondary">
        {[showType ? t(`reviews:${review.type}`) : null, t('reviews:aboutListing', { title: review.listing.title })].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

/** Pages read so far, each its own query: "Show more" adds the next one under them. */
function ReviewPages({ scope, pages }: { scope: ReviewsScope; pages: number }) {
  return Array.from({ length: pages }, (_, i) => <ReviewPage key={i} scope={scope} page={i + 1} />);
}

function ReviewPage({ scope, page }: { scope: ReviewsScope; page: number }) {
  const { data } = useReviews(scope, page, PER_PAGE);
  return data?.data.map((r) => <ReviewItem key={r.id} review={r} showType={!scope.type} />);
}

/** The public reviews of a listing, a user or an organization, newest first, with the average in half stars. */
export function ReviewsDialog({ open, onClose, scope, title }: { open: boolean; onClose: () => void; scope: ReviewsScope; title?: string }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const first = useReviews(scope, 1, PER_PAGE, open);
  const summary = first.data?.summary;
  const stars = snapRating(summary?.averageRating);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="reviews-title" fullWidth maxWidth="sm">
      <DialogTitle id="reviews-title">{title ?? t('reviews:title')}</DialogTitle>
      <DialogContent dividers>
        {first.isPending ? (
          <Loading />
        ) : first.error ? (
          <ApiErrorAlert error={first.error} />
        ) : !summary?.count ? (
          <Typography role="status">{t('reviews:noReviews')}</Typography>
        ) : (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }} data-testid="reviews-average">
              <Rating value={stars} precision={0.5} readOnly aria-label={t('reviews:summary', { average: stars, count: summary.count })} />
              <Typography>{t('reviews:count', { count: summary.count })}</Typography>
            </Stack>
            <Divider />
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              <ReviewPages scope={scope} pages={pages} />
            </Box>
            {pages < first.data.meta.totalPages && <Button onClick={() => setPages((n) => n + 1)}>{t('reviews:more')}</Button>}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reviews:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
