import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAlternatives } from '../api/listings-api.ts';
import { ListingCard } from './listing-card.tsx';

/** "Alternatives" under a listing: up to six other listings like it. */
export function Alternatives({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data } = useAlternatives(id);
  if (!data?.length) return null;
  return (
    <Box component="section" aria-labelledby="alternatives-title" sx={{ mt: 5 }}>
      <Typography id="alternatives-title" variant="h2" sx={{ mb: 2 }}>
        {t('listings:page.alternatives')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {data.slice(0, 6).map((l) => (
          <ListingCard key={l.id} listing={l} />
        ))}
      </Box>
    </Box>
  );
}
