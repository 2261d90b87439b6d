import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snapRating } from '@harbor/contracts/review-rating';
import { lazyOverlay } from '../../../shared/ui/lazy-overlay.tsx';
import { useReviewSummary, type ReviewsScope } from '../api/reviews-api.ts';
import { Stars } from './stars.tsx';

const ReviewsDialog = lazyOverlay(() => import('./reviews-dialog.tsx').then((m) => m.ReviewsDialog));

/**
 * The average in whole or half stars and the count, opening the reviews
 * dialog (its code and its list load the first time it opens).
 */
export function ReviewSummary({ scope, title }: { scope: ReviewsScope; title?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useReviewSummary(scope);
  const summary = data?.summary;
  const stars = snapRating(summary?.averageRating);
  return (
    <>
      <Button onClick={() => setOpen(true)} onMouseEnter={ReviewsDialog.preload} onFocus={ReviewsDialog.preload} sx={{ gap: 1 }} data-testid="review-summary">
        {summary && stars !== null ? (
          <>
            <Stars value={stars} label={t('reviews:summary', { average: stars, count: summary.count })} />
            <span aria-hidden>{t('reviews:count', { count: summary.count })}</span>
          </>
        ) : (
          t('reviews:open')
        )}
      </Button>
      <ReviewsDialog open={open} onClose={() => setOpen(false)} scope={scope} title={title} />
    </>
  );
}
