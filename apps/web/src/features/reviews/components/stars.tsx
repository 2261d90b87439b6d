import Box from '@mui/material/Box';
import { RATING_MAX } from '@harbor/contracts/review-rating';

const ROW = '★'.repeat(RATING_MAX);

/**
 * Five stars for a value already snapped to whole or half stars (snapRating):
 * a grey row of star characters under a gold one cut to the value's width, so
 * 4.5 shows four and a half. Text rather than MUI's Rating or icon modules, so
 * the pages that show an average keep their first load small; the reviews
 * dialog uses Rating.
 */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <Box component="span" role="img" aria-label={label} data-stars={value} sx={{ position: 'relative', display: 'inline-block', lineHeight: 1, fontSize: '1.25rem', color: 'action.disabled', letterSpacing: '0.05em' }}>
      <span aria-hidden>{ROW}</span>
      <Box component="span" aria-hidden data-testid="stars-filled" sx={{ position: 'absolute', inset: 0, overflow: 'hidden', whiteSpace: 'nowrap', color: 'warning.main' }} style={{ width: `${(value / RATING_MAX) * 100}%` }}>
        {ROW}
      </Box>
    </Box>
  );
}
