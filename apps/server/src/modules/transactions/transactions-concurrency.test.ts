import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { transactions } from './transactions.schema.ts';
import { completeBody, errorCodes, initiateBody, orderLine, place, publishedListing, stockOfListing, tokens, transition, txOf } from './test-helpers.ts';

/** Placing and transitions under contention: on PostgreSQL these run truly in parallel (a pool of connections). */
describe('transactions under concurrency', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000' });
    auth = await tokens(t.app);
  });
  afterAll(() => t.close());

  const countFor = async (listingId: string) => {
    const [row] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int`, reserved: sql<number>`coalesce(sum(${transactions.stockReserved}), 0)::int` })
      .from(transactions)
      .where(eq(transactions.listingId, listingId));
    return row!;
  };

  it('100 parallel placements on a stock of 10: exactly 10 succeed, the rest are refused for stock', async () => {
    const listing = await publishedListing(t.app, auth, { stock: 10 });
    const results = await Promise.all(
      Array.from({ length: 100 }, () => place(t.app, auth.buyer, initiateBody(listing, { params: { quantity: 1, endTime: orderLine().endTime } }))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(90);
    expect(new Set(results.filter((r) => r.statusCode === 409).flatMap(errorCodes))).toEqual(new Set(['transaction-listing-insufficient-stock']));
    expect(await stockOfListing(t.app, auth.buyer, listing)).toBe(0);
    expect(await countFor(listing)).toEqual({ n: 10, reserved: 10 });
  });

  it('20 parallel accepts of one order: one succeeds, 19 answer 409, one accept in the history', async () => {
    const listing = await publishedListing(t.app, auth);
    const id = txOf(await place(t.app, auth.buyer, initiateBody(listing))).id;
    const results = await Promise.all(Array.from({ length: 20 }, () => transition(t.app, auth.seller, id, 'accept')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.flatMap(errorCodes))).toEqual(new Set(['transaction-invalid-transition']));
    const tx = txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: auth.buyer }));
    expect(tx.transitions.map((x) => x.transition)).toEqual(['order', 'accept']);
  });

  it('the same Idempotency-Key twice, in turn or at once, makes one transaction', async () => {
    const listing = await publishedListing(t.app, auth);
    const headers = { ...auth.buyer, 'idempotency-key': 'line-1-attempt' };
    const first = await place(t.app, headers, initiateBody(listing));
    const again = await place(t.app, headers, initiateBody(listing));
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(txOf(again).id).toBe(txOf(first).id);
    // The same key for another line is a client bug: refused, not answered with the first order.
    const reused = await place(t.app, headers, initiateBody(listing, { params: { quantity: 3 } }));
    expect(reused.statusCode).toBe(409);
    expect(errorCodes(reused)).toEqual(['conflict']);

    const burst = await Promise.all(Array.from({ length: 10 }, () => place(t.app, { ...auth.buyer, 'idempotency-key': 'double-click' }, initiateBody(listing))));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(burst.map((r) => txOf(r).id)).size).toBe(1);
    expect((await countFor(listing)).n).toBe(2);
    expect(await stockOfListing(t.app, auth.buyer, listing)).toBe(100 - 2 * 2);
    // The key is the buyer's own: another user's same key is another placement.
    expect((await place(t.app, { ...auth.operator, 'idempotency-key': 'double-click' }, initiateBody(listing))).statusCode).toBe(201);
  });

  it('a cart line placed twice at once becomes one transaction, named after the cart, and the line is marked placed', async () => {
    const listing = await publishedListing(t.app, auth);
    const call = (method: 'POST' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url: `/v1/marketplace${url}`, headers: auth.buyer, ...(payload && { payload }) });
    const cart = json<Cart>(await call('POST', '/cart', { name: 'Arrival supplies', ship: { name: 'Finnmaid', imo: 9319454 }, portCall: { callId: 'FIHEL-1', portName: 'Helsinki' } }));
    const added = await call('POST', '/cart/product', { cartId: cart.id, listingId: listing, ...orderLine() });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const lineId = json<Cart>(await call('GET', `/cart/${cart.id}`)).products[0]!.id;
    const body = initiateBody(listing, { params: { protectedData: { cartProductId: lineId } } });
    const results = await Promise.all(Array.from({ length: 5 }, () => place(t.app, auth.buyer, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const tx = txOf(results.find((r) => r.statusCode === 201)!);
    expect(new Set(results.map((r) => txOf(r).id))).toEqual(new Set([tx.id]));
    expect(tx.protectedData).toMatchObject({ cartId: cart.id, cartProductId: lineId, cartName: 'Arrival supplies', shipName: 'Finnmaid', shipImo: 9319454, portCallId: 'FIHEL-1' });
    const after = json<Cart>(await call('GET', `/cart/${cart.id}`));
    expect(after.products[0]!.placed?.transactionId).toBe(tx.id);
    expect((await countFor(listing)).n).toBe(1);
  });

  it('holds booked time: one seat, five buyers for the same hours, one succeeds; an exception closes a day', async () => {
    const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, seats: 1 }));
    const listing = await publishedListing(t.app, auth, { availabilityPlan: { type: 'availability-plan/day', timezone: 'Europe/Helsinki', entries: days } });
    const results = await Promise.all(Array.from({ length: 5 }, () => place(t.app, auth.buyer, initiateBody(listing))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.statusCode !== 201).flatMap(errorCodes))).toEqual(new Set(['transaction-booking-time-not-available']));
    // A declined booking gives its time back.
    const first = txOf(results.find((r) => r.statusCode === 201)!).id;
    await transition(t.app, auth.seller, first, 'decline');
    expect((await place(t.app, auth.buyer, initiateBody(listing))).statusCode).toBe(201);

    const later = Date.now() + 5 * 24 * 3_600_000;
    const line = orderLine({ startTime: new Date(later).toISOString(), endTime: new Date(later + 4 * 3_600_000).toISOString() });
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing}/availability-exceptions`,
      headers: auth.seller,
      payload: { start: new Date(later - 3_600_000).toISOString(), end: new Date(later + 6 * 3_600_000).toISOString(), seats: 0 },
    });
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    expect(errorCodes(await place(t.app, auth.buyer, initiateBody(listing, { params: line })))).toEqual(['transaction-booking-time-not-available']);
  });

  it('the listing’s stock plus what its open transactions hold stays the seller’s total', async () => {
    const listing = await publishedListing(t.app, auth, { stock: 30, publicData: { ...completeBody().publicData, allowOnlinePayment: true } });
    const ids = (await Promise.all(Array.from({ length: 8 }, (_, i) => place(t.app, auth.buyer, initiateBody(listing, { transition: i % 2 ? 'order' : 'request-payment' })))))
      .filter((r) => r.statusCode === 201)
      .map((r) => txOf(r).id);
    await Promise.all(ids.map((id, i) => (i % 3 === 0 ? transition(t.app, auth.seller, id, 'decline') : transition(t.app, auth.buyer, id, 'cancel-payment'))));
    const { reserved } = await countFor(listing);
    expect((await stockOfListing(t.app, auth.buyer, listing))! + reserved).toBe(30);
  });
});
