import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { SALES_NOTIFICATIONS_PER_PAGE } from '@harbor/contracts/transaction-constants';
import { api } from '../../../shared/api-client/index.ts';

/**
 * The top bar's sales notifications. A module of its own, apart from
 * transactions-api.ts: the shell reaches it on every page, so it holds only
 * what the badge needs, without zod or the other transaction calls.
 */
export const salesNotificationsKey = ['transactions', 'sales-notifications'] as const;

/** The badge's figure: how many sales wait for the seller (page 1, 100 per page, as the spec queries them). */
export interface SalesNotificationsSummary {
  count: number;
  latest: string | null;
}

/** GET /api/transactions/sales-notifications, reading only the figures the badge shows. */
export async function fetchSalesNotifications(): Promise<SalesNotificationsSummary> {
  // The server picks the sales whose last transition waits for the seller (SALES_NOTIFICATION_TRANSITIONS).
  const answer = await api.get<{ data?: { lastTransitionedAt?: unknown }[]; meta?: { totalItems?: unknown } }>(
    `/api/transactions/sales-notifications?page=1&perPage=${SALES_NOTIFICATIONS_PER_PAGE}`,
  );
  const rows = Array.isArray(answer.data) ? answer.data : [];
  const total = typeof answer.meta?.totalItems === 'number' ? answer.meta.totalItems : rows.length;
  const latest = rows.map((r) => r.lastTransitionedAt).find((v): v is string => typeof v === 'string') ?? null;
  return { count: total, latest };
}

export async function refreshSalesNotifications(queryClient: QueryClient): Promise<void> {
  // Only where the current-user follow-up loaded it (a signed-in user's shell): an anonymous page must not ask.
  if (queryClient.getQueryData(salesNotificationsKey) === undefined) return;
  try {
    queryClient.setQueryData(salesNotificationsKey, await fetchSalesNotifications());
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
  return useQuery({ queryKey: salesNotificationsKey, queryFn: fetchSalesNotifications, enabled: false });
}
