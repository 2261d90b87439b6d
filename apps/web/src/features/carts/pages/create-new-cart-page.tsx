import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';
import { useCreateCart } from '../api/carts-api.ts';
import { CartForm } from '../components/cart-form.tsx';

/** /create-new-cart: name, ship and port call; the new cart becomes active and opens. */
export function CreateNewCartPage() {
  const { t } = useTranslation('carts');
  const navigate = useNavigate();
  const create = useCreateCart();
  return (
    <Page title={t('create.title')}>
      <CartForm
        submitLabel={t('create.submit')}
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) => create.mutate(values, { onSuccess: (cart) => void navigate(`/single-cart/${cart.id}`) })}
        actions={
          <Button component={RouterLink} to="/carts">
            {t('common:actions.cancel')}
          </Button>
        }
      />
    </Page>
  );
}
