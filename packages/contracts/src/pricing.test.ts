import { describe, expect, it } from 'vitest';
import type { Delivery, Discount } from './listings.ts';
import {
  applicableTier,
  computeLinePrice,
  discountIssues,
  earliestStart,
  minimumEnd,
  orderPanelIssues,
  percentOf,
  roundToMinute,
} from './pricing.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const tiers: Discount = {
  type: 'PERCENT',
  tiers: [
    { orderMin: 10, amount: 10 },
    { orderMin: 1, amount: 5 },
    { orderMin: 50, amount: 20 },
  ],
};
const sellerDelivery: Delivery = {
  arrangedBy: 'seller',
  cost: { basic: 5000, expedited: 12000, currency: 'EUR' },
  time: 2,
  timeUnit: 'days',
  expeditedTime: 4,
  expeditedTimeUnit: 'hours',
};
const HOUR = 3_600_000;

describe('discount tiers', () => {
  it('applies the highest tier whose orderMin is at or below the quantity', () => {
    expect(applicableTier(tiers, 0)).toBeUndefined();
    expect(applicableTier(tiers, 1)?.amount).toBe(5);
    expect(applicableTier(tiers, 9.5)?.amount).toBe(5);
    expect(applicableTier(tiers, 10)?.amount).toBe(10);
    expect(applicableTier(tiers, 49)?.amount).toBe(10);
    expect(applicableTier(tiers, 500)?.amount).toBe(20);
    expect(applicableTier(null, 5)).toBeUndefined();
  });

  it('rounds a percentage half up to the nearest minor unit', () => {
    expect(percentOf(1005, 10)).toBe(101); // 100.5 -> 101
    expect(percentOf(1004, 10)).toBe(100); // 100.4 -> 100
    expect(percentOf(333, 12.5)).toBe(42); // 41.625 -> 42
    expect(percentOf(999, 0)).toBe(0);
  });
});

describe('line price', () => {
  it('sums base, percent discount, setup fee and basic delivery with 0 % VAT', () => {
    const p = computeLinePrice({ price: eur(1005), quantity: 10, discount: tiers, setupFee: eur(2500), delivery: sellerDelivery, deliveryMethod: 'basic' });
    expect(p).toMatchObject({ base: 10050, discountType: 'PERCENT', discountPercent: 10, discountAmount: 1005, subtotal: 9045 });
    expect(p).toMatchObject({ setupFee: 2500, deliveryCost: 5000, net: 16545, taxPercent: 0, taxAmount: 0, total: 16545, currency: 'EUR' });
  });

  it('uses the expedited cost and ignores delivery costs when the buyer arranges delivery', () => {
    expect(computeLinePrice({ price: eur(100), quantity: 1, delivery: sellerDelivery, deliveryMethod: 'expedited' }).deliveryCost).toBe(12000);
    const buyer = { ...sellerDelivery, arrangedBy: 'buyer' as const };
    expect(computeLinePrice({ price: eur(100), quantity: 1, delivery: buyer, deliveryMethod: 'basic' }).deliveryCost).toBe(0);
  });

  it('takes a fixed amount off each unit, never below zero', () => {
    const fixed: Discount = { type: 'FIXED_AMOUNT', tiers: [{ orderMin: 2, amount: 300 }] };
    expect(computeLinePrice({ price: eur(1000), quantity: 3, discount: fixed, deliveryMethod: 'basic' })).toMatchObject({
      base: 3000,
      discountAmount: 900,
      subtotal: 2100,
      discountType: 'FIXED_AMOUNT',
      discountPercent: null,
    });
    expect(computeLinePrice({ price: eur(1000), quantity: 1, discount: fixed, deliveryMethod: 'basic' }).discountAmount).toBe(0);
    expect(computeLinePrice({ price: eur(1000), quantity: 2.5, deliveryMethod: 'basic' }).base).toBe(2500);
  });

  it('handles JPY amounts', () => {
    expect(computeLinePrice({ price: { amount: 1500, currency: 'JPY' }, quantity: 3, deliveryMethod: 'basic' }).total).toBe(4500);
  });
});

describe('discount checks', () => {
  it('errors when a discount exceeds the price', () => {
    expect(discountIssues(eur(1000), { type: 'FIXED_AMOUNT', tiers: [{ orderMin: 1, amount: 1001 }] }).errors).toEqual([
      { path: 'publicData.discount.tiers.0.amount', message: 'listings:validation.discountExceedsPrice' },
    ]);
    expect(discountIssues(eur(1000), { type: 'PERCENT', tiers: [{ orderMin: 1, amount: 101 }] }).errors).toHaveLength(1);
  });

  it('warns under 10 EUR after discount or at 90 % and more', () => {
    const low = discountIssues(eur(1500), { type: 'FIXED_AMOUNT', tiers: [{ orderMin: 1, amount: 600 }] });
    expect(low.errors).toEqual([]);
    expect(low.warnings.map((w) => w.message)).toEqual(['listings:warnings.discountedPriceLow']);
    expect(discountIssues(eur(1500), { type: 'FIXED_AMOUNT', tiers: [{ orderMin: 1, amount: 500 }] }).warnings).toEqual([]);
    const high = discountIssues(eur(100000), { type: 'PERCENT', tiers: [{ orderMin: 1, amount: 90 }] });
    expect(high.warnings.map((w) => w.message)).toEqual(['listings:warnings.discountHighPercent']);
    expect(discountIssues(eur(100000), { type: 'PERCENT', tiers: [{ orderMin: 1, amount: 89 }] }).warnings).toEqual([]);
  });
});

describe('order panel', () => {
  const now = Date.parse('2026-06-01T10:00:29Z');

  it('computes the earliest start from now rounded to the minute plus delivery time', () => {
    expect(roundToMinute(now)).toBe(Date.parse('2026-06-01T10:00:00Z'));
    expect(earliestStart(now, sellerDelivery, 'basic')).toBe(Date.parse('2026-06-03T10:00:00Z'));
    expect(earliestStart(now, sellerDelivery, 'expedited')).toBe(Date.parse('2026-06-01T14:00:00Z'));
    expect(earliestStart(now, { ...sellerDelivery, arrangedBy: 'buyer' }, 'basic')).toBe(Date.parse('2026-06-01T10:00:00Z'));
  });

  it('extends the minimum end for hourly units', () => {
    const earliest = Date.parse('2026-06-01T10:00:00Z');
    expect(minimumEnd({ start: earliest, earliest, unit: 'hour', minOrderAmount: 3, quantity: 2 })).toBe(earliest + 3 * HOUR);
    expect(minimumEnd({ start: earliest, earliest, unit: 'hour', minOrderAmount: 1, quantity: 4 })).toBe(earliest + 4 * HOUR);
    expect(minimumEnd({ start: earliest + 10 * HOUR, earliest, unit: 'hour', quantity: 2 })).toBe(earliest + 10 * HOUR);
    expect(minimumEnd({ start: earliest, earliest, unit: 'day', quantity: 2 })).toBe(earliest);
  });

  const listing = { productType: 'physical_service' as const, unit: 'hour' as const, minOrderAmount: 2, delivery: sellerDelivery };
  const line = {
    quantity: 2,
    startTime: '2026-06-03T10:00:00Z',
    endTime: '2026-06-03T12:00:00Z',
    deliveryMethod: 'basic' as const,
    deliveryAddress: { street: 'Satamatie 1', country: 'fi' },
  };

  it('accepts a valid line', () => {
    expect(orderPanelIssues(listing, line, now)).toEqual([]);
  });

  it('reports every broken rule with its message', () => {
    const bad = orderPanelIssues(
      listing,
      { ...line, quantity: 1, startTime: '2026-06-02T10:00:00Z', endTime: 'soon', deliveryAddress: { country: 'fi' } },
      now,
    );
    expect(bad.map((i) => i.message)).toEqual([
      'listings:order.quantityMin',
      'listings:order.startTooEarly',
      'listings:order.endInvalid',
      'listings:order.locationRequired',
    ]);
    const reversed = orderPanelIssues(listing, { ...line, endTime: '2026-06-03T09:00:00Z' }, now);
    expect(reversed.map((i) => i.message)).toEqual(['listings:order.endBeforeStart']);
    const short = orderPanelIssues(listing, { ...line, endTime: '2026-06-03T11:00:00Z' }, now);
    expect(short.map((i) => i.message)).toEqual(['listings:order.endTooEarly']);
  });

  it('accepts coordinates instead of a street, and no location for digital services', () => {
    const coords = { country: 'fi', coordinates: { lat: 60.2, lng: 25.2 } };
    expect(orderPanelIssues(listing, { ...line, deliveryAddress: coords }, now)).toEqual([]);
    expect(orderPanelIssues({ ...listing, productType: 'digital_service' }, { ...line, deliveryAddress: undefined }, now)).toEqual([]);
  });

  it('refuses expedited delivery when the listing offers none', () => {
    const noExpedited = { ...listing, delivery: { ...sellerDelivery, expeditedTime: null } };
    expect(orderPanelIssues(noExpedited, { ...line, deliveryMethod: 'expedited' }, now).map((i) => i.message)).toContain(
      'listings:order.expeditedUnavailable',
    );
  });
});
