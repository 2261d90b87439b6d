import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Cart, CartCreateBody, CartPatchBody, CartProductBody, CartProductPatchBody, CartTemplateBody, CartTemplatePatchBody } from '@harbor/contracts';
import { api, parseAnswer, session } from '../../../shared/api-client/index.ts';
import { browserSessionId } from './browser-session.ts';
import { cartKeys } from './cart-keys.ts';
import { cartsResponseSchemas } from './lazy-schemas.ts';

/**
 * One hook per endpoint of the spec's cart table (buyer spec section 7).
 * Prices, totals and the active flag are the server's: after any change the
 * carts are fetched again instead of being patched here. GET /v1/marketplace/carts
 * is in use-carts.ts (the top bar's, kept apart from these).
 */
const BASE = '/v1/marketplace';
const del = <T>(path: string, body?: unknown) => session.request<T>(path, { method: 'DELETE', body });
const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: cartKeys.all });

/** GET /v1/marketplace/cart/{id}: one cart with its lines' prices recomputed by the server. */
export function useCart(id: string | undefined) {
  return useQuery({
    queryKey: cartKeys.one(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      parseAnswer(cartsResponseSchemas(), api.get<unknown>(`${BASE}/cart/${encodeURIComponent(id ?? '')}`, signal), (s, answer) => s.cartSchema.parse(answer)),
  });
}

/** POST /v1/marketplace/cart: a new cart (from a template when `templateId` is given); it becomes the active cart. */
export function useCreateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CartCreateBody) =>
      parseAnswer(cartsResponseSchemas(), api.post<unknown>(`${BASE}/cart`, { sessionId: browserSessionId(), ...body }), (s, answer) =>
        s.cartCreateResponseSchema.parse(answer),
      ),
    onSuccess: () => refresh(queryClient),
  });
}

/** PATCH /v1/marketplace/cart/{id}: name, ship, port call, or `active` to choose the active cart. */
export function useUpdateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CartPatchBody }) => api.patch<unknown>(`${BASE}/cart/${id}`, body),
    onSuccess: () => refresh(queryClient),
  });
}

/** DELETE /v1/marketplace/cart/{id}: the server clears the active cart if it was this one; the list reloads. */
export function useDeleteCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => del<unknown>(`${BASE}/cart/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: cartKeys.one(id) });
      return refresh(queryClient);
    },
  });
}

/** POST /v1/marketplace/cart/product: an order-panel line into a cart; the server validates it as the order panel does. */
export function useAddCartProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CartProductBody) => api.post<unknown>(`${BASE}/cart/product`, body),
    onSuccess: () => refresh(queryClient),
  });
}

/** PATCH /v1/marketplace/cart/product/{id}: the line's quantity. */
export function useUpdateCartProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CartProductPatchBody }) => api.patch<unknown>(`${BASE}/cart/product/${id}`, body),
    onSettled: () => refresh(queryClient),
  });
}

/** DELETE /v1/marketplace/cart/product/{id}; the body names the line as the spec's remove call does ({productId, name}). */
export function useRemoveCartProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (line: Pick<Cart['products'][number], 'id' | 'productId' | 'name'>) =>
      del<unknown>(`${BASE}/cart/product/${line.id}`, { productId: line.productId, name: line.name }),
    onSettled: () => refresh(queryClient),
  });
}

/** GET /v1/marketplace/cart/templates */
export function useTemplates(enabled = true) {
  return useQuery({
    queryKey: cartKeys.templates,
    enabled,
    queryFn: async ({ signal }) =>
      parseAnswer(cartsResponseSchemas(), api.get<unknown>(`${BASE}/cart/templates`, signal), (s, answer) => s.cartTemplateListSchema.parse(answer).data),
  });
}

/** POST /v1/marketplace/cart/template ({cartId, name, ship}): answers the template and the new cart that became active. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CartTemplateBody) =>
      parseAnswer(cartsResponseSchemas(), api.post<unknown>(`${BASE}/cart/template`, body), (s, answer) => s.cartTemplateSaveResponseSchema.parse(answer)),
    onSuccess: () => refresh(queryClient),
  });
}

/** PATCH /v1/marketplace/cart/template/{id}: rename or change the ship. */
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CartTemplatePatchBody }) => api.patch<unknown>(`${BASE}/cart/template/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.templates }),
  });
}

/** DELETE /v1/marketplace/cart/template/{id} */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => del<unknown>(`${BASE}/cart/template/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.templates }),
  });
}
