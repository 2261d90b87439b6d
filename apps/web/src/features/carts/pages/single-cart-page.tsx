import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import type { Cart, SkippedTemplateLine } from '@harbor/contracts';
import { isApiRequestError } from '../../../shared/api-client/index.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useCart, useUpdateCart } from '../api/carts-api.ts';
import { CartActions } from '../components/cart-actions.tsx';
import { CartLine } from '../components/cart-line.tsx';
import { LineTimeButton } from '../components/line-time-button.tsx';
import { CartSummary } from '../components/cart-summary.tsx';
import { CartTotal } from '../components/cart-total.tsx';
import { PlaceCartPanel } from '../../transactions/index.ts';
import { messageText } from '../error-text.ts';

// The form (ships search, port calls) loads when editing starts, not with the page.
const CartForm = lazy(() => import('../components/cart-form.tsx').then((m) => ({ default: m.CartForm })));

/** Name, ship and port call of a cart, shown or edited in place. */
function CartDetails({ cart }: { cart: Cart }) {
  const { t } = useTranslation('carts');
  const [editing, setEditing] = useState(false);
  const update = useUpdateCart();
  if (!editing)
    return (
      <Stack spacing={1}>
        <CartSummary cart={cart} />
        {cart.cartStatus === 'open' && (
          <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setEditing(true)}>
            {t('single.edit')}
          </Button>
        )}
      </Stack>
    );
  return (
    <Suspense fallback={<Loading minHeight={120} />}>
      <CartForm
        initial={{ name: cart.name, ship: { ...cart.ship, mmsi: null }, imoText: cart.ship.imo ? String(cart.ship.imo) : '', portCall: cart.portCall }}
        submitLabel={t('common:actions.save')}
        pending={update.isPending}
        error={update.error}
        onSubmit={(body) => update.mutate({ id: cart.id, body }, { onSuccess: () => setEditing(false) })}
        actions={
          <Button
            onClick={() => {
              update.reset();
              setEditing(false);
            }}
          >
            {t('common:actions.cancel')}
          </Button>
        }
      />
    </Suspense>
  );
}

/** Lines a cart started from a template could not take, with the reason (the listing closed, rules changed). */
function SkippedLines({ skipped }: { skipped: SkippedTemplateLine[] }) {
  const { t } = useTranslation('carts');
  if (!skipped.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{t('single.skipped', { count: skipped.length })}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {skipped.map((line) => (
          <li key={line.productId}>
            {line.name}: {line.reason ? messageText(t, line.reason) : t(`errors:${line.code}`, { defaultValue: t('errors:internal-error') })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** /single-cart/:id: the cart's lines with the server's prices, its ship and port call (editable), and its actions. */
export function SingleCartPage() {
  const { t } = useTranslation('carts');
  const { id } = useParams();
  const skipped = (useLocation().state as { skipped?: SkippedTemplateLine[] } | null)?.skipped ?? [];
  const cart = useCart(id);
  if (cart.isPending) return <Loading minHeight="50vh" />;
  if (cart.error || !cart.data) {
    const missing = isApiRequestError(cart.error) && cart.error.status === 404;
    return (
      <Page title={t('single.title')}>
        {missing ? <Alert severity="info">{t('single.notFound')}</Alert> : <ApiErrorAlert error={cart.error} />}
        <Button component={RouterLink} to="/carts" sx={{ mt: 2 }}>
          {t('single.backToCarts')}
        </Button>
      </Page>
    );
  }
  const data = cart.data;
  const open = data.products.filter((p) => !p.placed);
  return (
    <Page title={data.name} maxWidth="lg">
      <Stack direction="row" spacing={1} sx={{ mt: -2, mb: 2 }}>
        {data.cartStatus === 'closed' && <Chip label={t('status.closed')} />}
        {data.active && <Chip color="success" label={t('status.active')} data-testid="cart-active-chip" />}
      </Stack>
      <SkippedLines skipped={skipped} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Box component="section" aria-labelledby="cart-lines-title">
          <Typography id="cart-lines-title" variant="h2" component="h2" sx={{ mb: 1 }}>
            {t('single.lines')}
          </Typography>
          {data.products.length === 0 ? (
            <Typography sx={{ py: 2 }}>{t('single.empty')}</Typography>
          ) : (
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {data.products.map((line) => (
                <CartLine key={line.id} line={line} actions={<LineTimeButton line={line} />} />
              ))}
            </Box>
          )}
        </Box>
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="cart-details-title">
            <Typography id="cart-details-title" variant="h3" component="h2" sx={{ mb: 1 }}>
              {t('single.details')}
            </Typography>
            <CartDetails key={`${data.id}-${data.name}-${data.ship.name}-${data.portCall?.callId ?? ''}`} cart={data} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('single.summary')}>
            <CartTotal cart={data} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('single.linesToOrder', { count: open.length })}
            </Typography>
          </Paper>
          {/* Placing (cart order states, each line's outcome, retrying failed lines) is the transactions feature's panel. */}
          {data.cartStatus === 'open' && <PlaceCartPanel cart={data} />}
          <CartActions cart={data} />
        </Stack>
      </Box>
    </Page>
  );
}
