import Box from '@mui/material/Box';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import StarHalf from '@mui/icons-material/StarHalf';
import { RATING_MAX } from '@harbor/contracts/review-rating';

/**
 * Five stars for a value already snapped to whole or half stars (snapRating).
 * Drawn with three icons rather than MUI's Rating so the pages that show an
 * average keep their first load small; the reviews dialog uses Rating.
 */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex', color: 'warning.main', verticalAlign: 'middle' }}>
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const Icon = value >= i + 1 ? Star : value >= i + 0.5 ? StarHalf : StarBorder;
        return <Icon key={i} fontSize="small" data-star={value >= i + 1 ? 'full' : value >= i + 0.5 ? 'half' : 'empty'} />;
      })}
    </Box>
  );
}
