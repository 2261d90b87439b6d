import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { cancelTimers, pendingTimers, runDueTimers, timers } from '../timers/index.ts';
import { lockTransaction, TRANSITION_TIMER_KIND } from './index.ts';
import { completeBody, errorCodes, initiateBody, invalidMessages, place, publishedListing, stockOfListing, tokens, transition, txOf } from './test-helpers.ts';

const DAY = 24 * 3_600_000;

describe('transactions: quotes, reviews, timers and line items', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let rfqListing: string;
  let listing: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000', QUOTE_REQUEST_EXPIRY_MS: String(2 * DAY), AUTO_COMPLETE_MS: String(3 * DAY), REVIEW_PERIOD_MS: String(5 * DAY) });
    auth = await tokens(t.app);
    rfqListing = await publishedListing(t.app, auth, { stock: 10, publicData: { ...completeBody().publicData, pricingType: 'RFQ', rfqRequired: true } });
    listing = await publishedListing(t.app, auth);
  });
  afterAll(() => t.close());

  const rfq = (params: Record<string, unknown> = {}) =>
    place(t.app, auth.buyer, initiateBody(rfqListing, { processAlias: 'harbor-rfq-simple', transition: 'request-for-quote', params }));
  const get = async (id: string) => txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: auth.buyer }));

  it('requests a quote without holding stock; the seller’s quote replaces the line items; accepting it takes the stock', async () => {
    const res = await rfq({ quantity: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const requested = txOf(res);
    expect(requested).toMatchObject({ processAlias: 'harbor-rfq-simple', processName: 'rfq-simple', state: 'quote-requested', lastTransition: 'request-for-quote' });
    expect(await stockOfListing(t.app, auth.buyer, rfqListing)).toBe(10);

    const validUntil = new Date(Date.now() + 4 * DAY).toISOString();
    const noValidity = await transition(t.app, auth.seller, requested.id, 'provider-quote', { negotiatedTotal: { amount: 90000, currency: 'EUR' } });
    expect(invalidMessages(noValidity)).toEqual([{ path: 'body.params.protectedData.validUntil', message: 'validation.required' }]);
    const wrongCurrency = await transition(t.app, auth.seller, requested.id, 'provider-quote', { negotiatedTotal: { amount: 90000, currency: 'USD' }, protectedData: { validUntil } });
    expect(invalidMessages(wrongCurrency).map((i) => i.path)).toEqual(['body.params.negotiatedTotal.currency']);
    const quoted = await transition(t.app, auth.seller, requested.id, 'provider-quote', {
      negotiatedTotal: { amount: 90000, currency: 'EUR' },
      protectedData: { negotiatedDeliveryCharge: { amount: 7000, currency: 'EUR' }, comment: 'Two tugs, night rate', validUntil },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(txOf(quoted)).toMatchObject({
      state: 'provider-made-quote',
      payinTotal: { amount: 97000 },
      protectedData: { negotiatedDeliveryCharge: { amount: 7000, currency: 'EUR' }, validUntil, comment: 'Two tugs, night rate' },
    });
    expect(txOf(quoted).lineItems.map((i) => i.code)).toEqual(['line-item/negotiated-total', 'line-item/negotiated-delivery-charge']);
    // The quote expires at its validity date.
    const [timer] = await pendingTimers(t.ctx.db, { key: requested.id, kind: TRANSITION_TIMER_KIND });
    expect(timer).toMatchObject({ dueAt: new Date(validUntil), payload: { transition: 'provider-quote-expired', from: 'provider-made-quote' } });

    const accepted = txOf(await transition(t.app, auth.buyer, requested.id, 'customer-accept'));
    expect(accepted).toMatchObject({ state: 'accepted', booking: { state: 'accepted' } });
    expect(await stockOfListing(t.app, auth.buyer, rfqListing)).toBe(7);
    expect(await pendingTimers(t.ctx.db, { key: requested.id })).toEqual([]);
    await transition(t.app, auth.seller, requested.id, 'start-delivery');
    expect(txOf(await transition(t.app, auth.seller, requested.id, 'finish-delivery')).state).toBe('delivered');
    // Delivered is final in the RFQ process.
    expect(errorCodes(await transition(t.app, auth.buyer, requested.id, 'mark-received'))).toEqual(['transaction-invalid-transition']);
  });

  it('lets quote requests and quotes expire by their timers', async () => {
    const unanswered = txOf(await rfq()).id;
    await runDueTimers(t.ctx, new Date(Date.now() + 2 * DAY + 1000));
    expect(await get(unanswered)).toMatchObject({ state: 'cancelled', lastTransition: 'customer-quote-request-expired', payinTotal: { amount: 0 } });

    const quoted = txOf(await rfq()).id;
    const validUntil = new Date(Date.now() + DAY).toISOString();
    await transition(t.app, auth.seller, quoted, 'provider-quote', { negotiatedTotal: { amount: 5000, currency: 'EUR' }, protectedData: { validUntil } });
    await runDueTimers(t.ctx, new Date(Date.now() + DAY - 60_000));
    expect((await get(quoted)).state).toBe('provider-made-quote');
    await runDueTimers(t.ctx, new Date(Date.now() + DAY + 1000));
    expect(await get(quoted)).toMatchObject({ state: 'cancelled', lastTransition: 'provider-quote-expired' });
  });

  // Before: the runner held the timer's row and waited for the order's, the transition held the order's and waited
  // to cancel the timer; PostgreSQL broke the deadlock by failing one (a payment webhook answered 500, issue 20's crash run).
  it.skipIf(!process.env.DATABASE_URL)('leaves the timer of an order a transition holds for the next round, and neither waits for the other (PostgreSQL)', async () => {
    const id = txOf(await rfq()).id;
    const due = new Date(Date.now() + 2 * DAY + 1000);
    const timerOf = async () => (await t.ctx.db.select().from(timers).where(eq(timers.key, id)))[0];
    const ranWhileHeld = await t.ctx.db.transaction(async (tx) => {
      await lockTransaction(tx, id);
      // The runner on another connection of the pool, while this transaction holds the order.
      const outcome = await Promise.race([runDueTimers(t.ctx, due).then(() => 'ran'), new Promise((r) => setTimeout(() => r('waited for the order'), 3000))]);
      await cancelTimers(tx, { key: id, kind: TRANSITION_TIMER_KIND }); // what a transition out of the state does
      return outcome;
    });
    expect(ranWhileHeld).toBe('ran');
    expect(await timerOf()).toBeUndefined(); // cancelled by the transition, never counted as a failed attempt
    expect((await get(id)).state).toBe('quote-requested');

    // Held and released without a transition: the next round takes it.
    const next = txOf(await rfq()).id;
    await t.ctx.db.transaction(async (tx) => {
      await lockTransaction(tx, next);
      await runDueTimers(t.ctx, due);
      const [timer] = await pendingTimers(tx, { key: next, kind: TRANSITION_TIMER_KIND });
      expect(timer).toMatchObject({ attempts: 0 });
    });
    await runDueTimers(t.ctx, due);
    expect(await get(next)).toMatchObject({ state: 'cancelled', lastTransition: 'customer-quote-request-expired' });
  });

  it('completes a delivered order after the auto-complete period, and closes reviews after the review period', async () => {
    const id = txOf(await place(t.app, auth.buyer, initiateBody(listing))).id;
    for (const name of ['accept', 'start-delivery', 'finish-delivery']) await transition(t.app, auth.seller, id, name);
    await runDueTimers(t.ctx, new Date(Date.now() + 3 * DAY + 1000));
    expect(await get(id)).toMatchObject({ state: 'completed', lastTransition: 'auto-complete' });
    expect((await get(id)).transitions.at(-1)).toMatchObject({ by: 'system' });

    const review = { reviewRating: 5, reviewContent: 'Quick and careful' };
    expect(txOf(await transition(t.app, auth.buyer, id, 'review-1-by-customer', review)).state).toBe('reviewed-by-customer');
    expect(errorCodes(await transition(t.app, auth.buyer, id, 'review-1-by-customer', review))).toEqual(['transaction-already-reviewed-by-customer']);
    expect(invalidMessages(await transition(t.app, auth.seller, id, 'review-2-by-provider', { reviewRating: 4 }))).toEqual([
      { path: 'body.params.reviewContent', message: 'validation.required' },
    ]);
    // The seller lets the period lapse: the system closes it; the timer of the period started at the buyer's review.
    await runDueTimers(t.ctx, new Date(Date.now() + 3 * DAY + 5 * DAY + 2000));
    expect(await get(id)).toMatchObject({ state: 'reviewed', lastTransition: 'expire-provider-review-period' });
  });

  it('enquires first and orders after the enquiry', async () => {
    const enquiry = await place(t.app, auth.buyer, initiateBody(listing, { transition: 'enquire', params: { protectedData: { comment: 'Can you come at night?' } } }));
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    expect(txOf(enquiry)).toMatchObject({ state: 'enquiry', protectedData: { comment: 'Can you come at night?' } });
    const noComment = await place(t.app, auth.buyer, initiateBody(listing, { transition: 'enquire' }));
    expect(invalidMessages(noComment)).toEqual([{ path: 'body.params.protectedData.comment', message: 'validation.required' }]);
    expect(txOf(await transition(t.app, auth.buyer, txOf(enquiry).id, 'order-after-enquiry')).state).toBe('ordered');
  });

  it('orders after an enquiry only while the listing is orderable and the enquired time free', async () => {
    const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((dayOfWeek) => ({ dayOfWeek, seats: 1 }));
    const oneSeat = await publishedListing(t.app, auth, { availabilityPlan: { type: 'availability-plan/day', timezone: 'UTC', entries: days } });
    const enquire = () => place(t.app, auth.buyer, initiateBody(oneSeat, { transition: 'enquire', params: { protectedData: { comment: 'Free then?' } } }));
    const first = txOf(await enquire()).id;
    const second = txOf(await enquire()).id; // an enquiry holds no time
    expect((await place(t.app, auth.buyer, initiateBody(oneSeat))).statusCode).toBe(201);
    expect(errorCodes(await transition(t.app, auth.buyer, first, 'order-after-enquiry'))).toEqual(['transaction-booking-time-not-available']);
    expect(errorCodes(await transition(t.app, auth.buyer, second, 'request-payment-after-enquiry'))).toEqual(['validation-invalid-value']);
    await t.app.inject({ method: 'POST', url: `/api/own-listings/${oneSeat}/close`, headers: auth.seller });
    expect(errorCodes(await transition(t.app, auth.buyer, second, 'order-after-enquiry'))).toEqual(['transaction-listing-not-found']);
    expect((await get(first)).state).toBe('enquiry');
  });

  it('answers the line items an order would get, in JSON and transit', async () => {
    const line = initiateBody(listing).params;
    const { protectedData: _pd, ...body } = line;
    const res = await t.app.inject({ method: 'POST', url: '/api/transaction-line-items', headers: auth.buyer, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const expected = json<{ data: { lineItems: { code: string }[]; payinTotal: { amount: number } } }>(res).data;
    expect(expected.lineItems.map((i) => i.code)).toEqual(['line-item/hour', 'line-item/delivery']);
    expect(expected.payinTotal.amount).toBe(2 * 25000 + 5000);

    // The same line as the marketplace SDK writes it: keyword keys (cached after first use), a uuid, instants and a tagged position.
    const transit = JSON.stringify([
      '^ ',
      '~:listingId', `~u${listing}`,
      '~:quantity', 2,
      '~:startTime', `~t${body.startTime}`,
      '~:endTime', `~m${Date.parse(body.endTime)}`,
      '~:deliveryMethod', '~:basic',
      '~:deliveryAddress', ['^ ', '~:street', 'Satamatie 1', '~:coordinates', ['~#geo', [60.2, 25.19]]],
    ]);
    const viaTransit = await t.app.inject({
      method: 'POST',
      url: '/api/transaction-line-items',
      headers: { ...auth.buyer, 'content-type': 'application/transit+json' },
      payload: transit,
    });
    expect(viaTransit.statusCode, viaTransit.body).toBe(200);
    expect(json(viaTransit)).toEqual(json(res));
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/transaction-line-items',
      headers: { ...auth.buyer, 'content-type': 'application/transit+json' },
      payload: JSON.stringify(['^ ', '~:listingId', ['~#unknown-tag', 1]]),
    });
    expect(broken.statusCode).toBe(400);
    expect(errorCodes(broken)).toEqual(['validation-invalid-params']);
    expect(errorCodes(await t.app.inject({ method: 'POST', url: '/api/transaction-line-items', headers: auth.seller, payload: body }))).toEqual(['transaction-own-listing']);
  });
});
