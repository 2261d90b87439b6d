import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NotFoundView } from '../features/site/components/not-found-view.tsx';
import { Page } from '../shared/ui/page.tsx';

/** Browsers word a failed dynamic import differently; a new deploy removing old chunks is the usual cause. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to fetch/i.test(
    error.message,
  );
}

/**
 * What RouteErrorBoundary shows. A failed page-chunk load shows the 404-style
 * page with a link to the landing page (spec); anything else is logged and
 * shows a generic failure with the same way out.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isChunkLoadError(error)) {
    return <NotFoundView />;
  }
  console.error('route failed', error);
  return (
    <Page title={t('site:error.title')}>
      <Alert severity="error">{t('site:error.text')}</Alert>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
        {t('common:backToLanding')}
      </Button>
    </Page>
  );
}
