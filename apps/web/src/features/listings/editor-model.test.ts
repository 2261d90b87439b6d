import { describe, expect, it } from 'vitest';
import { bodyForTab, crossFieldIssues, discountCheck, editorDefaults, editorSchema } from './editor-model.ts';

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
});
