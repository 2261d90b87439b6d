/**
 * The carts module for other modules: the active cart, adding an order-panel
 * line to it, the mini cart, and the new-cart dialog (loaded when opened).
 * The top bar's cart menu is in ./top-bar.ts.
 */
import { lazyOverlay } from '../../shared/ui/lazy-overlay.tsx';

export { useActiveCart } from './use-active-cart.ts';
export { useAddCartProduct } from './api/carts-api.ts';
export { setMiniCartOpen } from './mini-cart-store.ts';
export { cartErrorTexts } from './error-text.ts';

export const LazyCreateCartDialog = lazyOverlay(() => import('./components/create-cart-dialog.tsx').then((m) => m.CreateCartDialog));
