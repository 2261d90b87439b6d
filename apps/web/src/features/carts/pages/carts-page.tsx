import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useTemplates } from '../api/carts-api.ts';
import { useCarts } from '../api/use-carts.ts';
import { CartsList } from '../components/carts-list.tsx';
import { TemplatesList } from '../components/templates-list.tsx';

/** Shown after a cart was deleted on its own page (the user lands here). */
export interface CartsPageState {
  deleted?: string;
}

/** /carts: the user's carts (choose the active one) and templates (start a new cart from one). */
export function CartsPage() {
  const { t } = useTranslation('carts');
  const navigate = useNavigate();
  const deleted = (useLocation().state as CartsPageState | null)?.deleted;
  const carts = useCarts();
  const templates = useTemplates();
  return (
    <Page title={t('list.title')} maxWidth="lg">
      {deleted && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('list.deleted', { name: deleted })}
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" component="h2">
          {t('list.carts')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/create-new-cart">
          {t('list.newCart')}
        </Button>
      </Stack>
      {carts.isPending && <Loading />}
      <ApiErrorAlert error={carts.error} />
      {carts.isSuccess && carts.data.length === 0 && <Typography sx={{ py: 2 }}>{t('list.empty')}</Typography>}
      {carts.isSuccess && carts.data.length > 0 && <CartsList carts={carts.data} />}

      <Typography variant="h2" component="h2" sx={{ mt: 5, mb: 1 }}>
        {t('templates.title')}
      </Typography>
      {templates.isPending && <Loading />}
      <ApiErrorAlert error={templates.error} />
      {templates.isSuccess && templates.data.length === 0 && <Typography sx={{ py: 2 }}>{t('templates.empty')}</Typography>}
      {templates.isSuccess && templates.data.length > 0 && (
        <TemplatesList templates={templates.data} onStarted={(id, skipped) => void navigate(`/single-cart/${id}`, { state: { skipped } })} />
      )}
    </Page>
  );
}
