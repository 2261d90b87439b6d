import type { Currency, LineItem, LineItemCode, LinePrice, ListingUnit, Money } from '@harbor/contracts';

/**
 * Line items (buyer spec section 3): what the order costs, line by line,
 * computed from the price contracts/pricing.ts gives. Both sides see every
 * line (0 % VAT and no marketplace commission yet), so payin equals payout.
 */

const BOTH: LineItem['includeFor'] = ['customer', 'provider'];

function unitCode(unit: ListingUnit | null | undefined): LineItemCode {
  if (unit === 'hour') return 'line-item/hour';
  if (unit === 'day') return 'line-item/day';
  return 'line-item/units';
}

const money = (amount: number, currency: string): Money => ({ amount, currency: currency as Currency });

function fixed(code: LineItemCode, amount: number, currency: string, percentage: number | null = null): LineItem {
  return { code, includeFor: BOTH, quantity: 1, percentage, unitPrice: money(amount, currency), lineTotal: money(amount, currency), reversal: false };
}

export function lineItemsOf(price: LinePrice, unit: ListingUnit | null | undefined): LineItem[] {
  const c = price.currency;
  const items: LineItem[] = [
    { code: unitCode(unit), includeFor: BOTH, quantity: price.quantity, percentage: null, unitPrice: money(price.unit, c), lineTotal: money(price.base, c), reversal: false },
  ];
  if (price.discountAmount > 0) items.push(fixed('line-item/discount', -price.discountAmount, c, price.discountPercent));
  if (price.setupFee > 0) items.push(fixed('line-item/setup-fee', price.setupFee, c));
  if (price.deliveryCost > 0) items.push(fixed('line-item/delivery', price.deliveryCost, c));
  return items;
}

/** A seller's quote replaces the line items: the negotiated total and, when given, a delivery charge. */
export function quoteLineItems(negotiatedTotal: Money, deliveryCharge: Money | null | undefined): LineItem[] {
  const items = [fixed('line-item/negotiated-total', negotiatedTotal.amount, negotiatedTotal.currency)];
  if (deliveryCharge && deliveryCharge.amount > 0)
    items.push(fixed('line-item/negotiated-delivery-charge', deliveryCharge.amount, deliveryCharge.currency));
  return items;
}

/** A declined or cancelled order owes nothing: every line not yet reversed gets its reversal. */
export function withReversals(items: LineItem[]): LineItem[] {
  const reversed = new Set(items.filter((i) => i.reversal).map((i) => i.code));
  const reversals = items
    .filter((i) => !i.reversal && !reversed.has(i.code))
    .map((i) => ({
      ...i,
      quantity: i.quantity === null ? null : -i.quantity,
      lineTotal: money(-i.lineTotal.amount, i.lineTotal.currency),
      reversal: true,
    }));
  return [...items, ...reversals];
}

export function totalsOf(items: LineItem[], currency: string): { payinTotal: number; payoutTotal: number } {
  const sum = (who: 'customer' | 'provider') =>
    items.filter((i) => i.includeFor.includes(who)).reduce((acc, i) => acc + i.lineTotal.amount, 0);
  const payinTotal = sum('customer');
  const payoutTotal = sum('provider');
  if (!Number.isSafeInteger(payinTotal) || !Number.isSafeInteger(payoutTotal)) throw new RangeError(`line items of ${currency} overflow`);
  return { payinTotal, payoutTotal };
}
