import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountDot } from '../../../shared/ui/count-dot.tsx';
import { lazyOverlay } from '../../../shared/ui/lazy-overlay.tsx';
import { setMiniCartOpen, useMiniCartOpen } from '../mini-cart-store.ts';
import { useActiveCart } from '../use-active-cart.ts';

// The dropdown and the drawer load on first open (or on hover), so the top bar on every page stays small.
const CartDropdown = lazyOverlay(() => import('./cart-dropdown.tsx').then((m) => m.CartDropdown));
const MiniCartDrawer = lazyOverlay(() => import('./mini-cart-drawer.tsx').then((m) => m.MiniCartDrawer));

const preload = () => {
  CartDropdown.preload();
  MiniCartDrawer.preload();
};

/** The top bar's cart menu (signed-in buyers): the active cart's line count; opens the cart dropdown. */
export function CartMenu() {
  const { t } = useTranslation();
  const { buyer, active } = useActiveCart();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const drawerOpen = useMiniCartOpen();
  if (!buyer) return null;
  const lines = active ? active.products.filter((p) => !p.placed).length : 0;
  const label = active ? t('common:cartMenu.buttonActive', { name: active.name, count: lines }) : t('common:cartMenu.button');
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'cart-dropdown' : undefined}
        data-testid="cart-menu"
        sx={{ position: 'relative' }}
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <ShoppingCartIcon />
        {lines > 0 && <CountDot count={lines} testId="cart-menu-count" />}
      </IconButton>
      <CartDropdown
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        onShowCart={() => {
          setAnchor(null);
          setMiniCartOpen(true);
        }}
      />
      <MiniCartDrawer open={drawerOpen} onClose={() => setMiniCartOpen(false)} />
    </>
  );
}
