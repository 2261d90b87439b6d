import { describe, expect, it } from 'vitest';
import type { Listing } from '@harbor/contracts';
import { fromLocalInput, initialValues, livePrice, orderingBlock, orderPanelErrors, toLocalInput, toOrderLine } from './order-panel-model.ts';

const HOUR = 3_600_000;
const NOW = new Date('2026-11-21T10:00:20Z').getTime();

function listing(publicData: Listing['publicData'], extra: Partial<Listing> = {}): Pick<Listing, 'publicData' | 'price' | 'orderable'> {
  return { publicData, price: { amount: 10_000, currency: 'EUR' }, orderable: true, ...extra };
}

const sellerDelivers = {
  arrangedBy: 'seller' as const,
  time: 2,
  timeUnit: 'hours' as const,
  expeditedTime: 1,
  expeditedTimeUnit: 'hours' as const,
  cost: { basic: 500, expedited: 1500, currency: 'EUR' as const },
};

describe('order panel form', () => {
  it('starts at the earliest start (rounded now + delivery time) with a valid line', () => {
    const l = listing({ productType: 'digital_service', unit: 'unit', minOrderAmount: 3, delivery: sellerDelivers });
    const values = initialValues(l, NOW);
    expect(values.quantity).toBe('3');
    expect(fromLocalInput(values.startTime)).toBe(new Date('2026-11-21T12:00:00Z').getTime());
    expect(orderPanelErrors(l, values, NOW)).toEqual({});
  });

  it('requires quantity, start and end, with their messages', () => {
    const l = listing({ unit: 'unit' });
    const errors = orderPanelErrors(l, { ...initialValues(l, NOW), quantity: '', startTime: '', endTime: '' }, NOW);
    expect(errors.quantity?.message).toBe('listings:order.quantityRequired');
    expect(errors.startTime?.message).toBe('listings:order.startRequired');
    expect(errors.endTime?.message).toBe('listings:order.endRequired');
  });

  it('enforces the minimum order amount', () => {
    const l = listing({ unit: 'unit', minOrderAmount: 5 });
    const errors = orderPanelErrors(l, { ...initialValues(l, NOW), quantity: '4' }, NOW);
    expect(errors.quantity).toMatchObject({ message: 'listings:order.quantityMin', values: { min: '5' } });
  });

  it('rejects a start before the earliest start and an end before the start', () => {
    const l = listing({ unit: 'unit' });
    const v = initialValues(l, NOW);
    expect(orderPanelErrors(l, { ...v, startTime: toLocalInput(NOW - HOUR) }, NOW).startTime?.message).toBe('listings:order.startTooEarly');
    const start = fromLocalInput(v.startTime);
    expect(orderPanelErrors(l, { ...v, endTime: toLocalInput(start - HOUR) }, NOW).endTime?.message).toBe('listings:order.endBeforeStart');
  });

  it('needs an hourly end of at least max(min order, quantity) hours after the earliest start', () => {
    const l = listing({ unit: 'hour', minOrderAmount: 2 });
    const v = { ...initialValues(l, NOW), quantity: '4' };
    const start = fromLocalInput(v.startTime);
    expect(orderPanelErrors(l, { ...v, endTime: toLocalInput(start + 3 * HOUR) }, NOW).endTime?.message).toBe('listings:order.endTooEarly');
    expect(orderPanelErrors(l, { ...v, endTime: toLocalInput(start + 4 * HOUR) }, NOW).endTime).toBeUndefined();
  });

  it('needs a street or map coordinates when the seller delivers a physical service', () => {
    const l = listing({ productType: 'physical_service', unit: 'unit', delivery: sellerDelivers });
    const v = initialValues(l, NOW);
    expect(orderPanelErrors(l, v, NOW).street?.message).toBe('listings:order.locationRequired');
    expect(orderPanelErrors(l, { ...v, street: 'Satamatie 1' }, NOW).street).toBeUndefined();
    expect(orderPanelErrors(l, { ...v, lat: '60.45', lng: '22.26' }, NOW).street).toBeUndefined();
    expect(toOrderLine({ ...v, lat: '60.45', lng: '22.26' }, true).deliveryAddress?.coordinates).toEqual({ lat: 60.45, lng: 22.26 });
  });

  it('prices live with tiers, setup fee and the chosen delivery method', () => {
    const l = listing({
      unit: 'unit',
      delivery: sellerDelivers,
      setupFee: { amount: 2_000, currency: 'EUR' },
      discount: { type: 'PERCENT', tiers: [{ orderMin: 10, amount: 10 }] },
    });
    const v = { ...initialValues(l, NOW), quantity: '10', deliveryMethod: 'expedited' as const };
    const price = livePrice(l, v);
    expect(price).toMatchObject({ base: 100_000, discountAmount: 10_000, setupFee: 2_000, deliveryCost: 1_500, taxPercent: 0 });
    expect(price?.total).toBe(93_500);
    expect(livePrice(l, { ...v, quantity: '' })).toBeNull();
  });

  it('blocks ordering when signed out, inactive, or before the availability date', () => {
    const l = listing({ unit: 'unit' });
    expect(orderingBlock(l, false, NOW)).toBe('signIn');
    expect(orderingBlock({ ...l, orderable: false }, true, NOW)).toBe('inactive');
    const later = listing({ availabilityDate: '2026-12-01T00:00:00Z' }, { orderable: false });
    expect(orderingBlock(later, true, NOW)).toBe('notYet');
    expect(orderingBlock(l, true, NOW)).toBeNull();
  });
});
