import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodsResponse } from '@harbor/contracts';
import { api, parseAnswer, session } from '../../../shared/api-client/index.ts';
import { paymentsResponseSchemas } from './lazy-schemas.ts';

export const paymentMethodsKey = ['payments', 'payment-methods'] as const;

/** GET /api/payment-methods: the buyer's saved cards and which is the default. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: paymentMethodsKey,
    queryFn: ({ signal }): Promise<PaymentMethodsResponse> =>
      parseAnswer(paymentsResponseSchemas(), api.get<unknown>('/api/payment-methods', signal), (s, a) => s.paymentMethodsResponseSchema.parse(a)),
  });
}

/** POST /api/payment-methods/setup-intent: the provider's card form, which returns to `${returnPath}?setup=success|cancel`. */
export function createSetupIntent(returnPath: string): Promise<string> {
  return parseAnswer(paymentsResponseSchemas(), api.post<unknown>('/api/payment-methods/setup-intent', { returnPath }), (s, a) =>
    s.setupIntentResponseSchema.parse(a).data.url,
  );
}

function useCardMutation<V>(send: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }),
  });
}

/** POST /api/payment-methods: the spec's addPaymentMethod(stripePaymentMethodId), for the card the card form collected; it becomes the default. */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<PaymentMethodsResponse> =>
      parseAnswer(paymentsResponseSchemas(), api.post<unknown>('/api/payment-methods', { stripePaymentMethodId: id, makeDefault: true }), (s, a) =>
        s.paymentMethodsResponseSchema.parse(a),
      ),
    onSuccess: (answer) => queryClient.setQueryData(paymentMethodsKey, answer),
  });
}

/** DELETE /api/payment-methods/{id}: the spec's deletePaymentMethod(stripePaymentMethodId). */
export const useDeletePaymentMethod = () =>
  useCardMutation((id: string) => session.request<unknown>(`/api/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** PUT /api/payment-methods/default. */
export const useSetDefaultPaymentMethod = () =>
  useCardMutation((id: string) => session.request<unknown>('/api/payment-methods/default', { method: 'PUT', body: { stripePaymentMethodId: id } }));
