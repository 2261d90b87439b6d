import { describe, expect, it } from 'vitest';
import type { Listing } from '@harbor/contracts';
import { bodyForTab, crossFieldIssues, discountCheck, editorDefaults, formFieldOf, moveImage } from './editor-model.ts';
import { editorSchema } from './forms/listings-schemas.ts';

const base = () => ({
  ...editorDefaults(null, 'FIVSS'),
  title: 'Tug',
  description: 'Harbour tug',
  categories: ['technical' as const],
  price: '100',
  availableFrom: '2026-12-01',
  availableTo: '2026-12-31',
});

describe('listing editor rules', () => {
  it('accepts a complete listing', () => {
    expect(editorSchema.safeParse(base()).success).toBe(true);
  });

  it('reports the spec messages', () => {
    const r = editorSchema.safeParse({ ...base(), title: ' ', categories: [], price: '', port: '', availableFrom: '' });
    const byPath = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toMatchObject({
      title: 'validation.required',
      categories: 'listings:validation.categoryRequired',
      price: 'listings:validation.priceRequired',
      port: 'listings:validation.portRequired',
      availableFrom: 'validation.required',
    });
    expect(crossFieldIssues({ ...base(), availableTo: '2026-11-01' })).toEqual([{ path: 'availableTo', message: 'listings:validation.endBeforeStart' }]);
  });

  it('requires the shipping fee when shipping is enabled', () => {
    expect(crossFieldIssues({ ...base(), shipping: true, costBasic: '' }).map((i) => i.message)).toEqual(['listings:validation.shippingFeeRequired']);
  });

  it('errors when a discount exceeds the price and warns on low prices and high percentages', () => {
    expect(discountCheck({ price: '100', discountType: 'FIXED_AMOUNT', tiers: [{ orderMin: '1', amount: '150' }] }).errors[0]).toMatchObject({
      path: 'tiers.0.amount',
      message: 'listings:validation.discountExceedsPrice',
    });
    expect(discountCheck({ price: '15', discountType: 'FIXED_AMOUNT', tiers: [{ orderMin: '1', amount: '6' }] }).warnings[0]?.message).toBe(
      'listings:warnings.discountedPriceLow',
    );
    expect(discountCheck({ price: '1000', discountType: 'PERCENT', tiers: [{ orderMin: '1', amount: '90' }] }).warnings[0]?.message).toBe(
      'listings:warnings.discountHighPercent',
    );
    expect(discountCheck({ price: '1000', discountType: 'PERCENT', tiers: [{ orderMin: '1', amount: '20' }] })).toEqual({ errors: [], warnings: [] });
  });

  it('sends minor units on the pricing save', () => {
    const body = bodyForTab('pricing', { ...base(), price: '12.50', setupFee: '3', discountType: 'PERCENT', tiers: [{ orderMin: '10', amount: '5' }] }, null, 'Europe/Helsinki');
    expect(body.price).toEqual({ amount: 1250, currency: 'EUR' });
    expect(body.publicData?.setupFee).toEqual({ amount: 300, currency: 'EUR' });
    expect(body.publicData?.discount).toEqual({ type: 'PERCENT', tiers: [{ orderMin: 10, amount: 5 }] });
  });

  it('sends the pricing type with rfqRequired in step', () => {
    expect(bodyForTab('pricing', { ...base(), pricingType: 'RFQ' }, null, 'UTC').publicData).toMatchObject({ pricingType: 'RFQ', rfqRequired: true });
    expect(bodyForTab('pricing', base(), null, 'UTC').publicData).toMatchObject({ pricingType: 'FIXED', rfqRequired: false });
    // Listings saved before the pricing type existed follow their rfqRequired flag.
    const legacy = { publicData: { rfqRequired: true } } as unknown as Listing;
    expect(editorDefaults(legacy, 'FIVSS').pricingType).toBe('RFQ');
  });
});

describe('working hours in the editor', () => {
  const withHours = (days: Partial<ReturnType<typeof base>['workingHours']['days']>, enabled = true) => {
    const v = base();
    return { ...v, workingHours: { ...v.workingHours, enabled, days: { ...v.workingHours.days, ...days } } };
  };
  const issues = (v: ReturnType<typeof base>) =>
    Object.fromEntries((editorSchema.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('is optional: nothing is checked or sent while hidden', () => {
    const hidden = withHours({ mon: { open: true, from: '17:00', to: '08:00' } }, false);
    expect(issues(hidden)).toEqual({});
    expect(bodyForTab('availability', hidden, null, 'UTC').publicData?.workingHours).toBeNull();
  });

  it('checks open days with the contract rules and ignores the times of closed days', () => {
    const v = withHours({ mon: { open: true, from: '17:00', to: '08:00' }, tue: { open: true, from: '', to: '12:00' }, sun: { open: false, from: 'x', to: '' } });
    expect(issues(v)).toEqual({
      'workingHours.days.mon.to': 'listings:validation.closingBeforeOpening',
      'workingHours.days.tue.from': 'validation.time',
    });
  });

  it('sends the weekly schedule with closed days and the note', () => {
    const v = withHours({ sat: { open: true, from: '10:00', to: '14:00' } });
    v.workingHours.note = '  Closed on public holidays ';
    const hours = bodyForTab('availability', v, null, 'UTC').publicData?.workingHours;
    expect(hours?.days).toMatchObject({ mon: { open: true, from: '08:00', to: '16:00' }, sat: { open: true, from: '10:00', to: '14:00' }, sun: { open: false } });
    expect(hours?.note).toBe('Closed on public holidays');
  });

  it('starts from the saved schedule', () => {
    const saved = { publicData: { workingHours: { days: { ...base().workingHours.days, mon: { open: false } }, note: 'Ring the bell' } } } as unknown as Listing;
    const hours = editorDefaults(saved, 'FIVSS').workingHours;
    expect(hours.enabled).toBe(true);
    expect(hours.days.mon.open).toBe(false);
    expect(hours.note).toBe('Ring the bell');
  });

  it('shows the saved availability date in local time and saves the same instant back', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Helsinki';
    try {
      const saved = { publicData: { availabilityDate: '2026-03-05T12:00:00.000Z' } } as unknown as Listing;
      const values = editorDefaults(saved, 'FIVSS');
      expect(values.availabilityDate).toBe('2026-03-05T14:00');
      const body = bodyForTab('features', { ...base(), availabilityDate: values.availabilityDate }, saved, 'Europe/Helsinki');
      expect(body.publicData?.availabilityDate).toBe('2026-03-05T12:00:00.000Z');
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });

  it('maps server issue paths to form fields', () => {
    expect(formFieldOf('body.publicData.workingHours.days.mon.to', base())).toBe('workingHours.days.mon.to');
    expect(formFieldOf('body.publicData.discount.tiers.0.amount', base())).toBe('tiers.0.amount');
    expect(formFieldOf('body.title', base())).toBe('title');
    expect(formFieldOf('body.price.amount', base())).toBeNull();
  });
});

describe('image order', () => {
  it('moves one image a place earlier or later and stays put at the ends', () => {
    expect(moveImage(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveImage(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveImage(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveImage(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
