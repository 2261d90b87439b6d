import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, ReviewPage } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { people, type People } from '../carts/test-helpers.ts';
import { runDueTimers } from '../timers/index.ts';
import { errorCodes, initiateBody, invalidMessages, place, publishedListing, transition, txOf } from '../transactions/test-helpers.ts';

const DAY = 86_400_000;
type Headers = Record<string, string>;

describe('reviews and disputes of an order', () => {
  let t: TestApp;
  let p: People;
  let listing: string;
  let ids: { buyer: string; seller: string; sellerOrg: string };

  const me = async (h: Headers) => json<{ id: string; organization: { id: string } }>(await t.app.inject({ method: 'GET', url: '/api/users/me', headers: h }));
  const reviewsOf = async (query: string, headers: Headers = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reviews?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return json<ReviewPage>(res);
  };
  const get = async (id: string, h: Headers) => txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: h }));
  /** A fresh order of `listing` taken to `delivered` (and to `completed` unless told). */
  const delivered = async (complete = true) => {
    const res = await place(t.app, p.buyer, initiateBody(listing));
    expect(res.statusCode, res.body).toBe(201);
    const id = txOf(res).id;
    for (const name of ['accept', 'start-delivery', 'finish-delivery']) expect((await transition(t.app, p.seller, id, name)).statusCode).toBe(200);
    if (complete) expect(txOf(await transition(t.app, p.buyer, id, 'mark-received')).state).toBe('completed');
    return id;
  };
  const review = (rating: number, content: string) => ({ reviewRating: rating, reviewContent: content });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000', REVIEW_PERIOD_MS: String(5 * DAY) });
    p = await people(t);
    listing = await publishedListing(t.app, p);
    const [buyer, seller] = await Promise.all([me(p.buyer), me(p.seller)]);
    ids = { buyer: buyer.id, seller: seller.id, sellerOrg: seller.organization.id };
  });
  afterAll(() => t.close());

  it('takes both sides’ reviews; a second by the same side has its own code; they are public only once the order is reviewed', async () => {
    const id = await delivered();
    // A third party, the operator and a limited user cannot review; the stranger does not even see the order.
    expect((await transition(t.app, p.buyer2, id, 'review-1-by-customer', review(5, 'Not mine'))).statusCode).toBe(404);
    expect(errorCodes(await transition(t.app, p.operator, id, 'review-1-by-customer', review(5, 'Operator')))).toEqual(['transaction-invalid-transition']);
    expect((await transition(t.app, p.limited, id, 'review-1-by-customer', review(5, 'Limited'))).statusCode).toBe(403);
    // The seller cannot take the buyer's transition either.
    expect(errorCodes(await transition(t.app, p.seller, id, 'review-1-by-customer', review(5, 'Self praise')))).toEqual(['transaction-invalid-transition']);
    expect(invalidMessages(await transition(t.app, p.buyer, id, 'review-1-by-customer', review(6, 'Too good')))).toEqual([
      { path: 'body.params.reviewRating', message: 'validation.tooBig' },
    ]);
    expect(invalidMessages(await transition(t.app, p.buyer, id, 'review-1-by-customer', review(4, '   ')))).toEqual([
      { path: 'body.params.reviewContent', message: 'validation.required' },
    ]);

    expect(txOf(await transition(t.app, p.buyer, id, 'review-1-by-customer', review(4, '  Quick and careful  '))).state).toBe('reviewed-by-customer');
    expect(errorCodes(await transition(t.app, p.buyer, id, 'review-1-by-customer', review(5, 'Again')))).toEqual(['transaction-already-reviewed-by-customer']);
    expect(errorCodes(await transition(t.app, p.buyer, id, 'review-2-by-customer', review(5, 'Again')))).toEqual(['transaction-already-reviewed-by-customer']);
    // Sealed on the order until both have reviewed: the buyer sees their own, the seller nothing yet.
    expect((await get(id, p.buyer)).reviews).toEqual([{ type: 'ofProvider', rating: 4, content: 'Quick and careful', createdAt: expect.any(String) }]);
    expect((await get(id, p.seller)).reviews).toEqual([]);
    // One side's review is not public yet.
    expect((await reviewsOf(`listing_id=${listing}`)).data.filter((r) => r.content === 'Quick and careful')).toEqual([]);

    expect(txOf(await transition(t.app, p.seller, id, 'review-2-by-provider', review(5, 'Clear instructions'))).state).toBe('reviewed');
    expect(errorCodes(await transition(t.app, p.seller, id, 'review-2-by-provider', review(5, 'Again')))).toEqual(['transaction-already-reviewed-by-provider']);
    for (const h of [p.buyer, p.seller]) expect((await get(id, h)).reviews?.map((r) => `${r.type}:${r.rating}`)).toEqual(['ofProvider:4', 'ofCustomer:5']);

    const ofSeller = await reviewsOf(`subject_id=${ids.seller}&state=public`);
    expect(ofSeller.data).toEqual([
      {
        id: expect.any(String),
        type: 'ofProvider',
        state: 'public',
        rating: 4,
        content: 'Quick and careful',
        createdAt: expect.any(String),
        author: { id: ids.buyer, displayName: 'Bruno Buyer', abbreviatedName: 'BB' },
        subject: { id: ids.seller, displayName: expect.any(String), abbreviatedName: expect.any(String) },
        listing: { id: listing, title: 'Harbour tug assistance' },
      },
    ]);
    expect(ofSeller.summary).toEqual({ count: 1, averageRating: 4 });
    const ofBuyer = await reviewsOf(`subject_id=${ids.buyer}`);
    expect(ofBuyer.data).toMatchObject([{ type: 'ofCustomer', rating: 5, content: 'Clear instructions', author: { id: ids.seller }, subject: { id: ids.buyer } }]);
    // The listing has both (each side's); type narrows to the seller's reviews.
    expect((await reviewsOf(`listing_id=${listing}`)).data.map((r) => r.type).sort()).toEqual(['ofCustomer', 'ofProvider']);
    expect((await reviewsOf(`listing_id=${listing}&type=ofProvider`)).data.map((r) => r.rating)).toEqual([4]);
    expect((await reviewsOf(`organization_id=${ids.sellerOrg}`)).data.map((r) => r.content)).toEqual(['Quick and careful']);
  });

  it('makes one side’s review public when the review period lapses, and pages with the whole set’s average', async () => {
    const id = await delivered();
    expect((await transition(t.app, p.seller, id, 'review-1-by-provider', review(2, 'Late answers'))).statusCode).toBe(200);
    const before = await reviewsOf(`subject_id=${ids.buyer}`);
    expect(before.data.map((r) => r.content)).not.toContain('Late answers');

    await runDueTimers(t.ctx, new Date(Date.now() + 5 * DAY + 1000));
    expect(await get(id, p.buyer)).toMatchObject({ state: 'reviewed', lastTransition: 'expire-customer-review-period' });
    // The buyer's period is over: no review can follow.
    expect(errorCodes(await transition(t.app, p.buyer, id, 'review-2-by-customer', review(5, 'Late')))).toEqual(['transaction-invalid-transition']);

    const after = await reviewsOf(`subject_id=${ids.buyer}&per_page=1`);
    expect(after.data.map((r) => r.content)).toEqual(['Late answers']); // newest first
    expect(after.meta).toEqual({ page: 1, perPage: 1, totalItems: 2, totalPages: 2 });
    expect(after.summary).toEqual({ count: 2, averageRating: 3.5 }); // (5 + 2) / 2
    expect((await reviewsOf(`subject_id=${ids.buyer}&per_page=1&page=2`)).data.map((r) => r.content)).toEqual(['Clear instructions']);
    // The listing's set (4, 5, 2) comes unrounded: 11 / 3 stays 3.666..., not 3.67 (the half-star rule reads its first fraction digit).
    expect((await reviewsOf(`listing_id=${listing}`)).summary.averageRating).toBeCloseTo(11 / 3, 10);
  });

  it('refuses a query without a subject and any state but public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/reviews?listing_id=${listing}&state=pending` })).statusCode).toBe(400);
    expect((await reviewsOf(`listing_id=${crypto.randomUUID()}`)).summary).toEqual({ count: 0, averageRating: null });
  });

  it('lets only the buyer dispute a delivered order, with a reason; both parties and the operator see it', async () => {
    const id = await delivered(false);
    expect(invalidMessages(await transition(t.app, p.buyer, id, 'dispute'))).toEqual([{ path: 'body.params.protectedData.reason', message: 'validation.required' }]);
    expect(invalidMessages(await transition(t.app, p.buyer, id, 'dispute', { protectedData: { reason: '  ' } }))).toEqual([
      { path: 'body.params.protectedData.reason', message: 'validation.required' },
    ]);
    const reason = { protectedData: { reason: 'One tug never came' } };
    expect(errorCodes(await transition(t.app, p.seller, id, 'dispute', reason))).toEqual(['transaction-invalid-transition']);
    expect(errorCodes(await transition(t.app, p.operator, id, 'dispute', reason))).toEqual(['transaction-invalid-transition']);
    expect((await transition(t.app, p.buyer2, id, 'dispute', reason)).statusCode).toBe(404);
    expect(txOf(await transition(t.app, p.buyer, id, 'dispute', reason)).state).toBe('disputed');

    for (const h of [p.buyer, p.seller, p.operator])
      expect(await get(id, h)).toMatchObject({ state: 'disputed', protectedData: { reason: 'One tug never came' } });
    expect((await get(id, p.buyer)).transitions.at(-1)).toMatchObject({ by: 'customer', transition: 'dispute', comment: 'One tug never came' });
    const open = json<{ data: { id: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/operator/transactions?state=disputed', headers: p.operator }));
    expect(open.data.map((x) => x.id)).toContain(id);
    // A disputed order cannot be marked received or reviewed meanwhile.
    expect(errorCodes(await transition(t.app, p.buyer, id, 'mark-received'))).toEqual(['transaction-invalid-transition']);
  });

  it('lets only the operator resolve a dispute, with a comment both parties see and an audit row', async () => {
    const disputed = async () => {
      const id = await delivered(false);
      expect((await transition(t.app, p.buyer, id, 'dispute', { protectedData: { reason: 'Wrong berth' } })).statusCode).toBe(200);
      return id;
    };
    const first = await disputed();
    const comment = { protectedData: { comment: 'Delivery confirmed by the port log' } };
    for (const h of [p.buyer, p.seller]) expect(errorCodes(await transition(t.app, h, first, 'resolve-dispute-complete', comment))).toEqual(['transaction-invalid-transition']);
    expect((await transition(t.app, p.buyer2, first, 'resolve-dispute-complete', comment)).statusCode).toBe(404);
    expect(invalidMessages(await transition(t.app, p.operator, first, 'resolve-dispute-complete'))).toEqual([
      { path: 'body.params.protectedData.comment', message: 'validation.required' },
    ]);
    expect(txOf(await transition(t.app, p.operator, first, 'resolve-dispute-complete', comment))).toMatchObject({ state: 'completed', role: 'operator' });
    for (const h of [p.buyer, p.seller]) {
      const seen = await get(first, h);
      expect(seen.state).toBe('completed');
      expect(seen.transitions.at(-1)).toMatchObject({ by: 'operator', transition: 'resolve-dispute-complete', comment: 'Delivery confirmed by the port log' });
    }
    // Completed by the operator: the review period runs as after any completion.
    expect(txOf(await transition(t.app, p.buyer, first, 'review-1-by-customer', review(2, 'Had to dispute'))).state).toBe('reviewed-by-customer');

    const second = await disputed();
    const cancelled = txOf(await transition(t.app, p.operator, second, 'resolve-dispute-cancel', { protectedData: { comment: 'Refund agreed' } }));
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.lineItems.some((i) => i.reversal)).toBe(true);
    expect((await get(second, p.seller)).transitions.at(-1)).toMatchObject({ by: 'operator', comment: 'Refund agreed' });

    const audit = json<AuditPage>(await t.app.inject({ method: 'GET', url: '/api/operator/audit?action=transaction.resolve-dispute', headers: p.operator }));
    expect(audit.data.map((e) => [e.targetId, e.reason, e.details])).toEqual([
      [second, 'Refund agreed', { from: 'disputed', transition: 'resolve-dispute-cancel' }],
      [first, 'Delivery confirmed by the port log', { from: 'disputed', transition: 'resolve-dispute-complete' }],
    ]);
  });

  it('names a banned author as Banned user, without the name', async () => {
    const ban = await t.app.inject({ method: 'POST', url: `/api/operator/users/${ids.buyer}/ban`, headers: p.operator, payload: { reason: 'Test ban' } });
    expect(ban.statusCode, ban.body).toBe(200);
    const ofSeller = await reviewsOf(`subject_id=${ids.seller}`);
    expect(ofSeller.data.length).toBeGreaterThan(0);
    for (const r of ofSeller.data) expect(r.author).toEqual({ id: ids.buyer, displayName: 'Banned user', abbreviatedName: '' });
  });
});
