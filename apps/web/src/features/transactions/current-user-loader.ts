import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api-client/index.ts';
import { registerCurrentUserLoader } from '../users/current-user-loaders.ts';
import { fetchSalesNotifications, salesNotificationsKey } from './api/sales-notifications.ts';

export const hasOrdersKey = ['transactions', 'has-orders'] as const;

/**
 * The transactions module's follow-ups of a current-user load (seller spec
 * section 4): the sales notifications for the top bar's badge, and, while the
 * e-mail is unverified, whether the user has orders at all.
 */
export function registerTransactionsLoaders(): () => void {
  const offSales = registerCurrentUserLoader({
    name: 'sales-notifications',
    load: async (_user, { queryClient }: { queryClient: QueryClient }) => {
      const summary = await fetchSalesNotifications();
      queryClient.setQueryData(salesNotificationsKey, summary);
      return summary;
    },
  });
  const offOrders = registerCurrentUserLoader({
    name: 'has-orders',
    when: (user) => !user.emailVerified,
    load: async (_user, { queryClient }) => {
      const page = await api.get<{ meta?: { totalItems?: unknown } }>(`/api/transactions?only=order&page=1&perPage=1`);
      const has = typeof page.meta?.totalItems === 'number' && page.meta.totalItems > 0;
      queryClient.setQueryData(hasOrdersKey, has);
      return has;
    },
  });
  return () => {
    offSales();
    offOrders();
  };
}
