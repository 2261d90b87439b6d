import type { Cart } from '@harbor/contracts';
import { useSessionStatus } from '../auth/index.ts';
import { useCarts } from './api/carts-api.ts';

/** Open carts only: a placed (closed) cart stays on the list page as a record but cannot be chosen or filled. */
export const openCarts = (carts: readonly Cart[] | undefined): Cart[] => (carts ?? []).filter((c) => c.cartStatus === 'open');

/**
 * The user's carts and the active one (buyer spec section 4: chosen from the
 * cart menu, cleared when it is deleted). The server keeps the active flag,
 * so every tab and device agrees on it.
 */
export function useActiveCart() {
  const signedIn = useSessionStatus() === 'authenticated';
  const carts = useCarts(signedIn);
  const open = openCarts(carts.data);
  return { signedIn, carts, open, active: open.find((c) => c.active) ?? null };
}
