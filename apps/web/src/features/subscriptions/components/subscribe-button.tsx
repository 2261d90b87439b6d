import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cart } from '@harbor/contracts';

// The schedule dialog loads when the button is pressed: the cart page's initial JS stays as it was.
const SubscribeDialog = lazy(() => import('./subscribe-dialog.tsx'));

/** "Subscribe" for a cart of exactly one item whose listing allows subscriptions (the spec's rule); otherwise disabled with the reason. */
export function SubscribeButton({ cart }: { cart: Cart }) {
  const { t } = useTranslation('subscriptions');
  const [open, setOpen] = useState(false);
  const [only] = cart.products;
  const reason = cart.products.length !== 1 ? t('subscribe.needsOneItem') : !only?.allowSubscription ? t('subscribe.notAllowed') : null;
  return (
    <>
      <Tooltip title={reason ?? t('subscribe.hint')}>
        <span>
          <Button variant="outlined" disabled={!!reason || cart.cartStatus === 'closed'} onClick={() => setOpen(true)} data-testid="subscribe-button">
            {t('subscribe.action')}
          </Button>
        </span>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <SubscribeDialog cartId={cart.id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
