import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Cart, CartTemplateBody } from '@harbor/contracts';
import { useDeleteCart, useSaveTemplate, useUpdateCart } from '../api/carts-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { NameDialog } from './name-dialog.tsx';

// Loaded after the page (its texts come with the page): the cart page's initial JS stays within its budget.
const SubscribeButton = lazy(() => import('../../subscriptions/index.ts').then((m) => ({ default: m.SubscribeButton })));

type Open = 'template' | 'delete' | null;

/**
 * A cart's own actions: make it active, save it as a template (then a new,
 * empty cart for the same ship and port call becomes active, as the spec
 * says) and delete it (the user goes to /carts; the active cart is cleared).
 */
export function CartActions({ cart }: { cart: Cart }) {
  const { t } = useTranslation('carts');
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const choose = useUpdateCart();
  const save = useSaveTemplate();
  const remove = useDeleteCart();
  const [saved, setSaved] = useState<{ template: string; cart: { id: string; name: string } | null } | null>(null);
  const close = () => {
    setOpen(null);
    save.reset();
    remove.reset();
  };
  const closed = cart.cartStatus === 'closed';

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {!closed && !cart.active && (
          <Button variant="outlined" disabled={choose.isPending} onClick={() => choose.mutate({ id: cart.id, body: { active: true } })}>
            {t('single.makeActive')}
          </Button>
        )}
        <Button variant="outlined" disabled={cart.products.length === 0} onClick={() => setOpen('template')}>
          {t('single.saveTemplate')}
        </Button>
        {!closed && (
          // Its place is held while it loads: appearing late, it pushed "Delete the cart" onto the
          // next row under the pointer, and a click meant for one button landed beside it.
          <Suspense
            fallback={
              <Button variant="outlined" disabled aria-hidden>
                {t('subscriptions:subscribe.action')}
              </Button>
            }
          >
            <SubscribeButton cart={cart} />
          </Suspense>
        )}
        <Button variant="outlined" color="error" onClick={() => setOpen('delete')}>
          {t('single.delete')}
        </Button>
      </Stack>
      {saved && (
        <Alert severity="success" role="status" sx={{ mt: 2 }} onClose={() => setSaved(null)}>
          {t('single.templateSaved', { name: saved.template })}{' '}
          {saved.cart && (
            <>
              {t('single.newCartActive', { name: saved.cart.name })}{' '}
              <Link component={RouterLink} to={`/single-cart/${saved.cart.id}`}>
                {t('single.openNewCart')}
              </Link>
            </>
          )}
        </Alert>
      )}
      {open === 'template' && (
        <NameDialog
          title={t('single.saveTemplateTitle')}
          label={t('templates.name')}
          intro={t('single.saveTemplateIntro')}
          initial={cart.name}
          submitLabel={t('single.saveTemplate')}
          pending={save.isPending}
          error={save.error}
          onClose={close}
          onSubmit={(name) => {
            const body: CartTemplateBody = { cartId: cart.id, name, ship: cart.ship, startNewCart: true };
            save.mutate(body, {
              onSuccess: (template) => {
                const next = template.activeCart;
                setSaved({ template: template.name, cart: next ? { id: next.id, name: next.name } : null });
                close();
              },
            });
          }}
        />
      )}
      {open === 'delete' && (
        <ConfirmDialog
          title={t('single.deleteTitle')}
          text={t('single.deleteText', { name: cart.name })}
          confirmLabel={t('single.delete')}
          pending={remove.isPending}
          error={remove.error}
          onClose={close}
          onConfirm={() => remove.mutate(cart.id, { onSuccess: () => void navigate('/carts', { state: { deleted: cart.name } }) })}
        />
      )}
    </>
  );
}
