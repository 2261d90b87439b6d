import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';

// The search (an Autocomplete) is fetched on demand so the main chunk stays
// small; if the fetch fails (the reason this view may be showing), the view
// simply goes without it.
const LocationSearch = lazy<ComponentType>(() =>
  import('./location-search.tsx').then(
    (m) => ({ default: m.LocationSearch }),
    () => ({ default: () => null }),
  ),
);

/** 404 with a location search; also what a failed page-chunk load shows (it lives in the main chunk for that reason). */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <Page title={t('site:notFound.title')}>
      <Typography variant="h2" component="p" color="primary" sx={{ fontSize: '4rem', fontWeight: 700 }} aria-hidden="true">
        404
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('site:notFound.text')}</Typography>
      <Suspense fallback={null}>
        <LocationSearch />
      </Suspense>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 4 }}>
        {t('common:backToLanding')}
      </Button>
    </Page>
  );
}
