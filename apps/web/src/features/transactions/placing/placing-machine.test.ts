import { describe, expect, it } from 'vitest';
import type { CartProduct } from '@harbor/contracts';
import { canPayOnline, failedLineIds, initialPlacingState, placementOf, placingReducer, type PlacingState } from './placing-machine.ts';

const placed = { id: 't1', processAlias: 'harbor-order-simple' as const, state: 'ordered' as const, payinTotal: { amount: 100, currency: 'EUR' as const } };

describe('cart order states', () => {
  it('goes initial → initiating → initiated once every line settles', () => {
    let s: PlacingState = initialPlacingState;
    expect(s.phase).toBe('initial');
    s = placingReducer(s, { type: 'start', lineIds: ['a', 'b'], online: false });
    expect(s.phase).toBe('initiating');
    s = placingReducer(s, { type: 'placed', lineId: 'a', transaction: placed });
    expect(s.phase).toBe('initiating');
    s = placingReducer(s, { type: 'failed', lineId: 'b', code: 'transaction-listing-insufficient-stock' });
    expect(s.phase).toBe('initiated');
    expect(failedLineIds(s)).toEqual(['b']);
  });

  it('uses the online-payment pair for a card payment', () => {
    let s = placingReducer(initialPlacingState, { type: 'start', lineIds: ['a'], online: true });
    expect(s.phase).toBe('initiating-online-payment');
    s = placingReducer(s, { type: 'placed', lineId: 'a', transaction: { ...placed, state: 'pending-payment' } });
    expect(s.phase).toBe('initiated-online-payment');
  });

  it('a retry clears only the retried lines’ errors and keeps the placed ones', () => {
    let s = placingReducer(initialPlacingState, { type: 'start', lineIds: ['a', 'b'], online: false });
    s = placingReducer(s, { type: 'placed', lineId: 'a', transaction: placed });
    s = placingReducer(s, { type: 'failed', lineId: 'b', code: 'network' });
    s = placingReducer(s, { type: 'start', lineIds: failedLineIds(s), online: false });
    expect(s.lines).toEqual({ a: { status: 'placed', transaction: placed }, b: { status: 'pending' } });
    expect(s.phase).toBe('initiating');
  });

  it('ignores a late answer for a line that is not pending', () => {
    const s = placingReducer(initialPlacingState, { type: 'placed', lineId: 'x', transaction: placed });
    expect(s).toBe(initialPlacingState);
  });
});

describe('how a line is placed', () => {
  it('requests a quote for RFQ listings, else orders offline or requests payment online', () => {
    expect(placementOf({ rfqRequired: true }, false)).toEqual({ processAlias: 'harbor-rfq-simple', transition: 'request-for-quote' });
    expect(placementOf({ rfqRequired: true }, true)).toEqual({ processAlias: 'harbor-rfq-simple', transition: 'request-for-quote' });
    expect(placementOf({ rfqRequired: false }, false)).toEqual({ processAlias: 'harbor-order-simple', transition: 'order' });
    expect(placementOf({ rfqRequired: false }, true)).toEqual({ processAlias: 'harbor-order-simple', transition: 'request-payment' });
  });

  it('offers online payment only for exactly one line that allows it and needs no quote', () => {
    const line = (over: Partial<CartProduct>) => ({ allowOnlinePayment: true, rfqRequired: false, ...over }) as CartProduct;
    expect(canPayOnline([line({})])).toBe(true);
    expect(canPayOnline([line({}), line({})])).toBe(false);
    expect(canPayOnline([line({ allowOnlinePayment: false })])).toBe(false);
    expect(canPayOnline([line({ rfqRequired: true })])).toBe(false);
    expect(canPayOnline([])).toBe(false);
  });
});
