import type { Delivery, Discount, DiscountTier, Issue, LinePrice, ListingUnit, OrderLineBody } from './listings.ts';
import { currencyDivisor, isSafeAmount, VAT_PERCENT, type Money } from './money-format.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './constants.ts';

/**
 * Pricing and order-panel rules (buyer spec section 5). Pure functions: the web
 * app shows what they compute and the server recomputes every price with them,
 * never trusting a price sent by the client.
 */

/** Half-up rounding of a non-negative rational a/b, exact for safe integers. */
function divHalfUp(numerator: bigint, denominator: bigint): number {
  const n = (numerator * 2n + denominator) / (denominator * 2n);
  const result = Number(n);
  if (!isSafeAmount(result)) throw new RangeError('amount is not a safe integer');
  return result;
}

/** percent% of an amount in minor units, rounded to the nearest minor unit, half up. */
export function percentOf(amount: number, percent: number): number {
  const basisPoints = BigInt(Math.round(percent * 100));
  return divHalfUp(BigInt(amount) * basisPoints, 10_000n);
}

/** amount × quantity for a possibly fractional quantity (2.5 t), half up. */
export function multiply(amount: number, quantity: number): number {
  const milli = BigInt(Math.round(quantity * 1000));
  return divHalfUp(BigInt(amount) * milli, 1000n);
}

/**
 * Tiers sorted by orderMin; the tier that applies is the one with the highest
 * orderMin at or below the quantity (scanning from the top, the first that fits).
 */
export function applicableTier(discount: Discount | null | undefined, quantity: number): DiscountTier | undefined {
  if (!discount) return undefined;
  const sorted = [...discount.tiers].sort((a, b) => b.orderMin - a.orderMin);
  return sorted.find((t) => t.orderMin <= quantity);
}

export interface LinePriceInput {
  /** Unit price. */
  price: Money;
  quantity: number;
  discount?: Discount | null;
  setupFee?: Money | null;
  delivery?: Delivery | null;
  deliveryMethod: 'basic' | 'expedited';
}

export type { LinePrice };

export function deliveryCostOf(delivery: Delivery | null | undefined, method: 'basic' | 'expedited'): number {
  if (delivery?.arrangedBy !== 'seller') return 0;
  return (method === 'expedited' ? delivery.cost?.expedited : delivery.cost?.basic) ?? 0;
}

export function computeLinePrice(input: LinePriceInput): LinePrice {
  const { price, quantity } = input;
  const base = multiply(price.amount, quantity);
  const tier = applicableTier(input.discount, quantity);
  let discountAmount = 0;
  if (tier && input.discount?.type === 'PERCENT') discountAmount = percentOf(base, Math.min(tier.amount, 100));
  if (tier && input.discount?.type === 'FIXED_AMOUNT') discountAmount = multiply(Math.min(tier.amount, price.amount), quantity);
  discountAmount = Math.min(discountAmount, base);
  const subtotal = base - discountAmount;
  const setupFee = input.setupFee?.amount ?? 0;
  const deliveryCost = deliveryCostOf(input.delivery, input.deliveryMethod);
  const net = subtotal + setupFee + deliveryCost;
  const taxAmount = percentOf(net, VAT_PERCENT);
  const total = net + taxAmount;
  if (!isSafeAmount(total)) throw new RangeError('amount is not a safe integer');
  return {
    currency: price.currency,
    unit: price.amount,
    quantity,
    base,
    discountType: tier ? input.discount!.type : null,
    discountPercent: tier && input.discount?.type === 'PERCENT' ? tier.amount : null,
    discountAmount,
    subtotal,
    setupFee,
    deliveryCost,
    taxType: 'VAT',
    taxPercent: VAT_PERCENT,
    taxAmount,
    net,
    total,
  };
}

/** Warnings fire when the discounted unit price is under this many major units, or at this percent. */
export const DISCOUNT_WARNING_PRICE_MAJOR = 10;
export const DISCOUNT_WARNING_PERCENT = 90;

/**
 * Seller-side discount checks (seller spec section 5): a tier beyond the price
 * is an error; a discounted price under 10 (major units) or a percentage of 90
 * or more only warns, because such offers can be intended.
 */
export function discountIssues(price: Money | null | undefined, discount: Discount | null | undefined) {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  if (!discount) return { errors, warnings };
  discount.tiers.forEach((tier, i) => {
    const path = `publicData.discount.tiers.${i}.amount`;
    if (discount.type === 'PERCENT') {
      if (tier.amount > 100) errors.push({ path, message: 'listings:validation.discountExceedsPrice' });
      else if (tier.amount >= DISCOUNT_WARNING_PERCENT)
        warnings.push({ path, message: 'listings:warnings.discountHighPercent', values: { percent: String(tier.amount) } });
    }
    if (!price) return;
    if (discount.type === 'FIXED_AMOUNT' && tier.amount > price.amount) {
      errors.push({ path, message: 'listings:validation.discountExceedsPrice' });
      return;
    }
    const discounted =
      discount.type === 'PERCENT' ? price.amount - percentOf(price.amount, Math.min(tier.amount, 100)) : price.amount - tier.amount;
    if (discounted < DISCOUNT_WARNING_PRICE_MAJOR * currencyDivisor(price.currency))
      warnings.push({ path, message: 'listings:warnings.discountedPriceLow', values: { currency: price.currency } });
  });
  return { errors, warnings };
}

export function roundToMinute(ms: number): number {
  return Math.round(ms / MINUTE_MS) * MINUTE_MS;
}

/** Lead time before delivery can start; only when the seller delivers. */
export function deliveryLeadMs(delivery: Delivery | null | undefined, method: 'basic' | 'expedited'): number {
  if (delivery?.arrangedBy !== 'seller') return 0;
  const time = (method === 'expedited' ? delivery.expeditedTime : delivery.time) ?? 0;
  const unit = method === 'expedited' ? delivery.expeditedTimeUnit : delivery.timeUnit;
  return time * (unit === 'days' ? DAY_MS : HOUR_MS);
}

/** Now rounded to the minute plus the basic or expedited delivery time when the seller delivers. */
export function earliestStart(now: number, delivery: Delivery | null | undefined, method: 'basic' | 'expedited'): number {
  return roundToMinute(now) + deliveryLeadMs(delivery, method);
}

/**
 * Hourly units: the later of the start and earliest start + max(minOrderAmount,
 * quantity) hours, so an hourly booking covers what is ordered. Otherwise the start.
 */
export function minimumEnd(opts: { start: number; earliest: number; unit?: ListingUnit; minOrderAmount?: number; quantity: number }): number {
  if (opts.unit !== 'hour') return opts.start;
  return Math.max(opts.start, opts.earliest + Math.max(opts.minOrderAmount ?? 0, opts.quantity) * HOUR_MS);
}

export function expeditedOffered(delivery: Delivery | null | undefined): boolean {
  return delivery?.arrangedBy === 'seller' && delivery.expeditedTime != null && delivery.cost?.expedited != null;
}

export interface OrderPanelListing {
  productType?: 'physical_service' | 'digital_service';
  unit?: ListingUnit;
  minOrderAmount?: number;
  delivery?: Delivery | null;
}

/**
 * The order panel's rules. `graceMs` lets the server accept a start the
 * client computed up to one refresh period (60 s) earlier.
 */
export function orderPanelIssues(listing: OrderPanelListing, line: OrderLineBody, now: number, graceMs = 0): Issue[] {
  const issues: Issue[] = [];
  const minQuantity = listing.minOrderAmount ?? 0;
  if (!(line.quantity >= minQuantity) || line.quantity <= 0)
    issues.push({ path: 'quantity', message: 'listings:order.quantityMin', values: { min: String(minQuantity) } });
  if (line.deliveryMethod === 'expedited' && listing.delivery?.arrangedBy === 'seller' && !expeditedOffered(listing.delivery))
    issues.push({ path: 'deliveryMethod', message: 'listings:order.expeditedUnavailable' });

  const earliest = earliestStart(now, listing.delivery, line.deliveryMethod);
  const start = Date.parse(line.startTime);
  const end = Date.parse(line.endTime);
  if (Number.isNaN(start)) issues.push({ path: 'startTime', message: 'listings:order.startInvalid' });
  else if (start < earliest - graceMs)
    issues.push({ path: 'startTime', message: 'listings:order.startTooEarly', values: { min: new Date(earliest).toISOString() } });
  if (Number.isNaN(end)) issues.push({ path: 'endTime', message: 'listings:order.endInvalid' });
  else if (!Number.isNaN(start) && end < start) issues.push({ path: 'endTime', message: 'listings:order.endBeforeStart' });
  else if (!Number.isNaN(start)) {
    const minEnd = minimumEnd({ start, earliest, unit: listing.unit, minOrderAmount: listing.minOrderAmount, quantity: line.quantity });
    if (end < minEnd - graceMs)
      issues.push({ path: 'endTime', message: 'listings:order.endTooEarly', values: { min: new Date(minEnd).toISOString() } });
  }

  const needsLocation = listing.productType !== 'digital_service' && listing.delivery?.arrangedBy === 'seller';
  const address = line.deliveryAddress;
  if (needsLocation && !address?.street?.trim() && !address?.coordinates)
    issues.push({ path: 'deliveryAddress', message: 'listings:order.locationRequired' });
  return issues;
}
