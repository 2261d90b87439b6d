import type { Cart } from '@harbor/contracts';
import { hasRole } from '@harbor/contracts/roles';
import { useSessionStatus } from '../auth/index.ts';
import { useCurrentUser } from '../users/index.ts';
import { useCarts } from './api/use-carts.ts';

/** Open carts only: a placed (closed) cart stays on the list page as a record but cannot be chosen or filled. */
export const openCarts = (carts: readonly Cart[] | undefined): Cart[] => (carts ?? []).filter((c) => c.cartStatus === 'open');

/**
 * The user's carts and the active one (buyer spec section 4: chosen from the
 * cart menu, cleared when it is deleted). The server keeps the active flag,
 * so every tab and device agrees on it. Carts are a buyer's: users of
 * organizations without the Buyer role (sellers only) have none, and the
 * server refuses them one, so nothing is fetched or shown for them.
 */
export function useActiveCart() {
  const signedIn = useSessionStatus() === 'authenticated';
  const { data: user } = useCurrentUser();
  const buyer = signedIn && user !== undefined && hasRole(user.organization.roles, 'Buyer');
  const carts = useCarts(buyer);
  const open = openCarts(carts.data);
  return { signedIn, buyer, carts, open, active: open.find((c) => c.active) ?? null };
}
