import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InitiateBodyInput, LineItemsBody, OrderTab, Transaction, TransactionPage, TransitionBodyInput } from '@harbor/contracts';
import { IDEMPOTENCY_KEY_HEADER, TRANSACTIONS_PER_PAGE } from '@harbor/contracts/transaction-constants';
import { api, parseAnswer, session } from './http.ts';
import { transactionsResponseSchemas } from './lazy-schemas.ts';
import { refreshSalesNotifications, salesNotificationsKey } from './sales-notifications.ts';

/** Purchases (`order`), sales (`sale`) or both (undefined): the spec's `only`. */
export type OrdersOnly = 'order' | 'sale' | undefined;

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (only: OrdersOnly, tab: OrderTab, page: number) => ['transactions', 'list', only ?? 'all', tab, page] as const,
  one: (id: string) => ['transactions', 'one', id] as const,
  lineItems: (body: LineItemsBody | null) => ['transactions', 'line-items', body] as const,
  salesNotifications: salesNotificationsKey,
};

export function ordersQueryString(only: OrdersOnly, tab: OrderTab, page: number): string {
  const params = new URLSearchParams();
  if (only) params.set('only', only);
  if (tab !== 'all') params.set('tab', tab);
  params.set('page', String(page));
  params.set('perPage', String(TRANSACTIONS_PER_PAGE));
  return params.toString();
}

/** GET /api/transactions: one page of 100, newest first. */
export function useTransactions(only: OrdersOnly, tab: OrderTab, page: number) {
  return useQuery({
    queryKey: transactionKeys.list(only, tab, page),
    // Switching tabs keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<TransactionPage> =>
      parseAnswer(transactionsResponseSchemas(), api.get<unknown>(`/api/transactions?${ordersQueryString(only, tab, page)}`, signal), (s, answer) =>
        s.transactionPageSchema.parse(answer),
      ),
  });
}

/** GET /api/transactions/{id}. */
export function useTransaction(id: string | undefined) {
  return useQuery({
    queryKey: transactionKeys.one(id ?? ''),
    enabled: Boolean(id),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status?.toString().startsWith('4'),
    queryFn: ({ signal }): Promise<Transaction> =>
      parseAnswer(transactionsResponseSchemas(), api.get<unknown>(`/api/transactions/${encodeURIComponent(id!)}`, signal), (s, answer) =>
        s.transactionResponseSchema.parse(answer).data,
      ),
  });
}

/**
 * POST /api/transactions/initiate for one cart line. The Idempotency-Key makes
 * a retry of the same attempt (a lost answer, a double click) answer the
 * transaction the first call made instead of placing a second one.
 */
export async function initiateTransaction(body: InitiateBodyInput, idempotencyKey: string): Promise<Transaction> {
  const schemas = transactionsResponseSchemas();
  const answer = session.request<unknown>('/api/transactions/initiate', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return parseAnswer(schemas, answer, (s, a) => s.transactionResponseSchema.parse(a).data);
}

export function useInitiateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: InitiateBodyInput; idempotencyKey: string }) => initiateTransaction(body, idempotencyKey),
    onSuccess: (tx) => queryClient.setQueryData(transactionKeys.one(tx.id), tx),
  });
}

/** POST /api/transactions/{id}/transition; the answer replaces the cached transaction, lists and the sales badge reload. */
export function useTransition(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransitionBodyInput) =>
      parseAnswer(transactionsResponseSchemas(), api.post<unknown>(`/api/transactions/${encodeURIComponent(id)}/transition`, body), (s, a) =>
        s.transactionResponseSchema.parse(a).data,
      ),
    onSuccess: async (tx) => {
      queryClient.setQueryData(transactionKeys.one(id), tx);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...transactionKeys.all, 'list'] }),
        refreshSalesNotifications(queryClient),
      ]);
    },
  });
}

/** POST /api/transaction-line-items: the line items an order of this line would get. */
export function useLineItems(body: LineItemsBody | null) {
  return useQuery({
    queryKey: transactionKeys.lineItems(body),
    enabled: body !== null,
    queryFn: () =>
      parseAnswer(transactionsResponseSchemas(), api.post<unknown>('/api/transaction-line-items', body), (s, a) => s.lineItemsResponseSchema.parse(a).data),
  });
}
