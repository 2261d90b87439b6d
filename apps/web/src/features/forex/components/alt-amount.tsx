import { lazy, Suspense } from 'react';
import type { Money } from '@harbor/contracts/money-format';
import { useDisplayCurrency } from '../display-currency.ts';

// Loaded once a display currency is chosen: the listing page is near its bundle budget.
const AltAmountConverted = lazy(() => import('./alt-amount-converted.tsx'));

/**
 * The amount in the session's alternative display currency, after the EUR
 * one ("≈ 12795.59 SEK"); nothing when none is chosen or the amount is
 * already in it. The one component every price, cart, order and report uses.
 */
export function AltAmount({ money }: { money: Money }) {
  const to = useDisplayCurrency();
  if (!to || to === money.currency) return null;
  return (
    <Suspense fallback={null}>
      <AltAmountConverted money={money} to={to} />
    </Suspense>
  );
}
