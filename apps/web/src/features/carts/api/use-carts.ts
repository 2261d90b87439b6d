import { useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { cartKeys } from './cart-keys.ts';
import { cartsResponseSchemas } from './lazy-schemas.ts';

// In a module of its own: the top bar's cart menu needs only this query on every page, not the mutations of carts-api.ts.
const BASE = '/v1/marketplace';

/** GET /v1/marketplace/carts: the user's carts, fetched on load (the top bar's cart menu), only when signed in. */
export function useCarts(enabled = true) {
  return useQuery({
    queryKey: cartKeys.list,
    enabled,
    queryFn: async ({ signal }) =>
      parseAnswer(cartsResponseSchemas(), api.get<unknown>(`${BASE}/carts`, signal), (s, answer) => s.cartListSchema.parse(answer).data),
  });
}
