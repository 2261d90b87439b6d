import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { InitiateBodyInput, LineItemsBody, OrderTab, Transaction, TransactionPage, TransitionBodyInput } from '@harbor/contracts';
import { IDEMPOTENCY_KEY_HEADER, SALES_NOTIFICATIONS_PER_PAGE, TRANSACTIONS_PER_PAGE } from '@harbor/contracts/transaction-constants';
import { api, parseAnswer, session } from './http.ts';
import { transactionsResponseSchemas } from './lazy-schemas.ts';

/** Purchases (`order`), sales (`sale`) or both (undefined): the spec's `only`. */
export type OrdersOnly = 'order' | 'sale' | undefined;

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (only: OrdersOnly, tab: OrderTab, page: number) => ['transactions', 'list', only ?? 'all', tab, page] as const,
  one: (id: string) => ['transactions', 'one', id] as const,
  lineItems: (body: LineItemsBody | null) => ['transactions', 'line-items', body] as const,
  salesNotifications: ['transactions', 'sales-notifications'] as const,
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

/** The badge's figure: how many sales wait for the seller (page 1, 100 per page, as the spec queries them). */
export interface SalesNotificationsSummary {
  count: number;
  latest: string | null;
}

/**
 * GET /api/transactions/sales-notifications without zod: it runs on every
 * page load of a signed-in user (current-user follow-up), so it reads only
 * the figures the top bar needs instead of pulling the schemas into the shell.
 */
export async function fetchSalesNotifications(): Promise<SalesNotificationsSummary> {
  // The server picks the sales whose last transition waits for the seller (SALES_NOTIFICATION_TRANSITIONS).
  const query = `page=1&perPage=${SALES_NOTIFICATIONS_PER_PAGE}`;
  const answer = await api.get<{ data?: { lastTransitionedAt?: unknown }[]; meta?: { totalItems?: unknown } }>(
    `/api/transactions/sales-notifications?${query}`,
  );
  const rows = Array.isArray(answer.data) ? answer.data : [];
  const total = typeof answer.meta?.totalItems === 'number' ? answer.meta.totalItems : rows.length;
  const latest = rows.map((r) => r.lastTransitionedAt).find((v): v is string => typeof v === 'string') ?? null;
  return { count: total, latest };
}

export async function refreshSalesNotifications(queryClient: QueryClient): Promise<void> {
  // Only where the current-user follow-up loaded it (a signed-in user's shell): an anonymous page must not ask.
  if (queryClient.getQueryData(transactionKeys.salesNotifications) === undefined) return;
  try {
    queryClient.setQueryData(transactionKeys.salesNotifications, await fetchSalesNotifications());
  } catch (error) {
    // The badge keeps its last figure; the next current-user load tries again.
    console.warn('sales notifications refresh failed', error);
  }
}

/**
 * The badge's figure, as the current-user follow-up stored it (spec: loaded
 * on current-user load). It never fetches by itself, so a page load asks once.
 */
export function useSalesNotifications() {
  return useQuery({ queryKey: transactionKeys.salesNotifications, queryFn: fetchSalesNotifications, enabled: false });
}
