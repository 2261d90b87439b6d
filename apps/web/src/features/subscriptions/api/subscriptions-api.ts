import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscription, SubscriptionCreateBody, SubscriptionPatchBody } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';

const key = ['subscriptions'] as const;

/** The subscriptions the organization buys or sells (typed by the shared contract; the server validated them against it). */
export function useSubscriptions() {
  return useQuery({ queryKey: key, queryFn: async ({ signal }) => (await api.get<{ data: Subscription[] }>('/v1/marketplace/subscriptions', signal)).data });
}

/** A status change with its message. */
export function useChangeSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: SubscriptionPatchBody }) =>
      (await api.patch<{ data: Subscription }>(`/v1/marketplace/subscriptions/${encodeURIComponent(id)}`, body)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** A subscription from a cart of one item. */
export function useCreateSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubscriptionCreateBody) => (await api.post<{ data: Subscription }>('/v1/marketplace/subscriptions', body)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
