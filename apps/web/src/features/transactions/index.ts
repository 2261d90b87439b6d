/**
 * The transactions feature: placing carts and the orders pages (the shell's
 * part, the sales badge, is in top-bar.ts). The single-cart page places a
 * cart with `<PlaceCartPanel cart={cart} />`.
 */
export { PlaceCartPanel } from './placing/place-cart-panel.tsx';
export { StateChip } from './components/state-chip.tsx';
export { hasOrdersKey } from './current-user-loader.ts';
export { transactionKeys } from './api/transactions-api.ts';
