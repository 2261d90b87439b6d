import ConstructionIcon from '@mui/icons-material/Construction';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../shared/ui/page.tsx';

/**
 * Stand-in for a route of the spec that a later issue builds. Clearly
 * labelled so nobody mistakes it for the finished page. `bare` when it sits
 * inside a layout that already has a container (account settings).
 */
export function ComingSoonPage({ page, bare = false }: { page: string; bare?: boolean }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`common:pages.${page}`)} bare={bare}>
      <Alert severity="info" icon={<ConstructionIcon />} data-testid="coming-soon">
        {t('common:comingSoon')}
      </Alert>
      <Button component={RouterLink} to="/" sx={{ mt: 3 }}>
        {t('common:backToLanding')}
      </Button>
    </Page>
  );
}
