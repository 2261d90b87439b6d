import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A centred spinner with an accessible label. */
export function Loading({ minHeight = 200 }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight }} role="status" aria-live="polite">
      <CircularProgress aria-label={t('common:loading')} />
    </Box>
  );
}
