import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MINI_CART_WIDTH_PX } from '@harbor/contracts/cart-constants';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { Loading } from '../../../shared/ui/loading.tsx';
import { useActiveCart } from '../use-active-cart.ts';
import { CartLine } from './cart-line.tsx';
import { CartTotal } from './cart-total.tsx';
import { shortCallId } from '../call-id.ts';

/** The mini cart (450 px, buyer spec section 9): the active cart's lines to change or remove, and its total. */
export function MiniCartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { carts, active } = useActiveCart();
  const lines = active?.products ?? [];
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: MINI_CART_WIDTH_PX, maxWidth: '100vw' }, role: 'dialog', 'aria-labelledby': 'mini-cart-title' } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Typography id="mini-cart-title" variant="h6" component="h2" noWrap>
          {active ? active.name : t('common:cartMenu.title')}
        </Typography>
        <IconButton aria-label={t('common:actions.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ px: 2, py: 1, flex: 1, overflowY: 'auto' }} data-testid="mini-cart">
        {carts.isPending && <Loading />}
        {carts.error && (
          <Alert severity="error" role="alert">
            {t('common:cartMenu.loadFailed')} {t(`errors:${errorCodeOf(carts.error)}`)}
          </Alert>
        )}
        {carts.isSuccess && !active && (
          <Stack spacing={2} sx={{ py: 2 }}>
            <Typography>{t('common:cartMenu.noActive')}</Typography>
            <Button variant="contained" component={RouterLink} to="/create-new-cart" onClick={onClose}>
              {t('common:cartMenu.newCart')}
            </Button>
            <Button component={RouterLink} to="/carts" onClick={onClose}>
              {t('common:cartMenu.allCarts')}
            </Button>
          </Stack>
        )}
        {active && (
          <>
            <Typography variant="body2" color="text.secondary">
              {[active.ship.name, active.ship.imo ? `IMO ${active.ship.imo}` : null, active.portCall ? `${active.portCall.portName} ${shortCallId(active.portCall.callId)}` : null]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {lines.length === 0 ? (
              <Typography sx={{ py: 3 }}>{t('common:cartMenu.empty')}</Typography>
            ) : (
              <Box component="ul" sx={{ p: 0, m: 0 }} aria-label={t('common:cartMenu.linesLabel')}>
                {lines.map((line) => (
                  <CartLine key={line.id} line={line} onNavigate={onClose} />
                ))}
              </Box>
            )}
          </>
        )}
      </Box>
      {active && (
        <Stack spacing={1.5} sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
          <CartTotal cart={active} />
          <Button variant="contained" component={RouterLink} to={`/single-cart/${active.id}`} onClick={onClose}>
            {t('common:cartMenu.openCart')}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
