import { lazy, Suspense } from 'react';
import { useSessionStatus } from '../../auth/index.ts';
import { useSalesNotifications } from '../api/sales-notifications.ts';

const SalesBadgeButton = lazy(() => import('./sales-badge.tsx').then((m) => ({ default: m.SalesBadgeButton })));

/**
 * The top bar's place for the sales notifications, as the current-user load
 * fetched them (last transitions, page 1, 100 per page). Most visitors
 * (anonymous, buyers without sales) have nothing to see, so the button's
 * code loads only when there is a figure above 0: the shell stays small.
 */
export function SalesBadge() {
  const { data } = useSalesNotifications();
  // The figure of a signed-out session may still be cached; it is not shown.
  if (useSessionStatus() !== 'authenticated' || !data || data.count === 0) return null;
  return (
    <Suspense fallback={null}>
      <SalesBadgeButton count={data.count} />
    </Suspense>
  );
}
