import { useQuery } from '@tanstack/react-query';
import type { Transaction } from '@harbor/contracts';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { paymentsResponseSchemas } from './lazy-schemas.ts';

/** How long the result page waits for the provider's webhook to settle a payment it has just taken. */
export const SETTLE_POLL_MS = 1500;
export const SETTLE_POLL_LIMIT = 20;

/**
 * GET /api/transactions/{id} for the payment result pages. The key is the
 * transactions feature's (['transactions', 'one', id]), so the order page
 * shares the answer. While the payment is still ONLINE_PENDING (the webhook
 * may arrive a moment after the browser) it asks again, a bounded number of times.
 */
export function usePaymentTransaction(id: string | null) {
  return useQuery({
    queryKey: ['transactions', 'one', id ?? ''],
    enabled: Boolean(id),
    retry: 1,
    queryFn: ({ signal }): Promise<Transaction> =>
      parseAnswer(paymentsResponseSchemas(), api.get<unknown>(`/api/transactions/${encodeURIComponent(id!)}`, signal), (s, a) => s.transactionResponseSchema.parse(a).data),
    refetchInterval: (query) =>
      query.state.data?.protectedData.paymentStatus === 'ONLINE_PENDING' && query.state.dataUpdateCount < SETTLE_POLL_LIMIT ? SETTLE_POLL_MS : false,
  });
}

export { paymentIssueOf } from './payment-issue.ts';
