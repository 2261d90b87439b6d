import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionPage } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { runDueTimers } from '../timers/index.ts';
import {
  completeBody,
  errorCodes,
  initiateBody,
  invalidMessages,
  iso,
  orderLine,
  place,
  publishedListing,
  stockOfListing,
  tokens,
  transition,
  txOf,
} from './test-helpers.ts';

describe('transactions: placing and the order process', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let listing: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000' });
    auth = await tokens(t.app);
    // 250.00 EUR an hour, 30 EUR setup fee, seller delivers (50 EUR), stock 100.
    listing = await publishedListing(t.app, auth, {
      publicData: { ...completeBody().publicData, setupFee: { amount: 3000, currency: 'EUR' }, allowOnlinePayment: true },
    });
  });
  afterAll(() => t.close());

  it('places an offline order: ordered, priced by the server, stock taken, the transition recorded', async () => {
    const res = await place(t.app, auth.buyer, initiateBody(listing, { params: { price: 1 } }));
    expect(res.statusCode, res.body).toBe(201);
    const tx = txOf(res);
    expect(tx).toMatchObject({
      processAlias: 'harbor-order-simple',
      processName: 'order-simple',
      state: 'ordered',
      lastTransition: 'order',
      role: 'customer',
      quantity: 2,
      payinTotal: { amount: 2 * 25000 + 3000 + 5000, currency: 'EUR' },
      payoutTotal: { amount: 2 * 25000 + 3000 + 5000, currency: 'EUR' },
      protectedData: { cartName: 'Spring call', portCallId: 'PC-1', shipName: 'Finnmaid', paymentStatus: 'OFFLINE', deliveryMethod: 'basic' },
      booking: { state: 'pending' },
      listing: { id: listing, title: 'Harbour tug assistance', unit: 'hour', rfqRequired: false },
    });
    expect(tx.lineItems.map((i) => [i.code, i.lineTotal.amount])).toEqual([
      ['line-item/hour', 50000],
      ['line-item/setup-fee', 3000],
      ['line-item/delivery', 5000],
    ]);
    expect(tx.transitions).toEqual([{ createdAt: tx.lastTransitionedAt, by: 'customer', transition: 'order', comment: null }]);
    expect(await stockOfListing(t.app, auth.buyer, listing)).toBe(98);
  });

  it('lets the seller accept, deliver and the buyer mark received; a step out of turn is 409', async () => {
    const id = txOf(await place(t.app, auth.buyer, initiateBody(listing))).id;
    expect(errorCodes(await transition(t.app, auth.buyer, id, 'accept'))).toEqual(['transaction-invalid-transition']);
    expect((await transition(t.app, auth.seller, id, 'start-delivery')).statusCode).toBe(409);
    const accepted = await transition(t.app, auth.seller, id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(txOf(accepted)).toMatchObject({ state: 'accepted', lastTransition: 'accept', role: 'provider', booking: { state: 'accepted' } });
    await transition(t.app, auth.seller, id, 'start-delivery');
    await transition(t.app, auth.seller, id, 'finish-delivery');
    const done = txOf(await transition(t.app, auth.buyer, id, 'mark-received'));
    expect(done.state).toBe('completed');
    expect(done.transitions.map((x) => `${x.by}:${x.transition}`)).toEqual([
      'customer:order',
      'provider:accept',
      'provider:start-delivery',
      'provider:finish-delivery',
      'customer:mark-received',
    ]);
  });

  it('releases the stock and reverses the line items on decline', async () => {
    const before = (await stockOfListing(t.app, auth.buyer, listing))!;
    const id = txOf(await place(t.app, auth.buyer, initiateBody(listing, { params: { quantity: 3 } }))).id;
    expect(await stockOfListing(t.app, auth.buyer, listing)).toBe(before - 3);
    const declined = txOf(await transition(t.app, auth.seller, id, 'decline', { protectedData: { comment: 'No tug free' } }));
    expect(declined).toMatchObject({ state: 'declined', payinTotal: { amount: 0 }, protectedData: { comment: 'No tug free' }, booking: { state: 'declined' } });
    expect(declined.lineItems.filter((i) => i.reversal)).toHaveLength(3);
    expect(declined.transitions.at(-1)).toMatchObject({ transition: 'decline', by: 'provider', comment: 'No tug free' });
    expect(await stockOfListing(t.app, auth.buyer, listing)).toBe(before);
  });

  it('checks the parameters a transition takes', async () => {
    const id = txOf(await place(t.app, auth.buyer, initiateBody(listing))).id;
    const noComment = await transition(t.app, auth.buyer, id, 'cancel-ordered');
    expect(invalidMessages(noComment)).toEqual([{ path: 'body.params.protectedData.comment', message: 'validation.required' }]);
    const extra = await transition(t.app, auth.seller, id, 'accept', { negotiatedTotal: { amount: 1, currency: 'EUR' } });
    expect(invalidMessages(extra)).toEqual([{ path: 'body.params.negotiatedTotal', message: 'validation.invalid' }]);
    expect(txOf(await transition(t.app, auth.buyer, id, 'cancel-ordered', { protectedData: { comment: 'Wrong ship' } })).state).toBe('cancelled');
  });

  it('refuses one’s own listing, a closed or missing one, short stock and a bad line with their codes', async () => {
    expect(errorCodes(await place(t.app, auth.seller, initiateBody(listing)))).toEqual(['transaction-own-listing']);
    expect(errorCodes(await place(t.app, auth.buyer, initiateBody('00000000-0000-4000-8000-000000000000')))).toEqual(['transaction-listing-not-found']);
    const short = await place(t.app, auth.buyer, initiateBody(listing, { params: { quantity: 1000, endTime: iso(Date.parse(orderLine().startTime) + 1001 * 3_600_000) } }));
    expect(short.statusCode, short.body).toBe(409);
    expect(errorCodes(short)).toEqual(['transaction-listing-insufficient-stock']);
    const bad = await place(t.app, auth.buyer, initiateBody(listing, { params: { deliveryAddress: { city: 'Helsinki' } } }));
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad)).toEqual(['validation-invalid-params']);
    expect(errorCodes(await place(t.app, auth.buyer, initiateBody(listing, { processAlias: 'harbor-rfq-simple', transition: 'request-for-quote' })))).toEqual([
      'validation-invalid-params',
    ]);
    expect(errorCodes(await place(t.app, auth.buyer, initiateBody(listing, { transition: 'request-for-quote' })))).toEqual(['transaction-invalid-transition']);
    const closed = await publishedListing(t.app, auth);
    await t.app.inject({ method: 'POST', url: `/api/own-listings/${closed}/close`, headers: auth.seller });
    expect(errorCodes(await place(t.app, auth.buyer, initiateBody(closed)))).toEqual(['transaction-listing-not-found']);
  });

  it('shows a transaction to its parties and the operator only; lists purchases and sales 100 per page', async () => {
    const id = txOf(await place(t.app, auth.buyer, initiateBody(listing))).id;
    expect(txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: auth.seller })).role).toBe('provider');
    expect(txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: auth.operator })).role).toBe('operator');
    expect((await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: auth.limited })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/transactions/${id}` })).statusCode).toBe(401);

    const orders = json<TransactionPage>(await t.app.inject({ method: 'GET', url: '/api/transactions?only=order', headers: auth.buyer }));
    expect(orders.meta).toMatchObject({ page: 1, perPage: 100 });
    expect(orders.data[0]!.id).toBe(id);
    expect(orders.data.every((x) => x.role === 'customer')).toBe(true);
    const sales = json<TransactionPage>(await t.app.inject({ method: 'GET', url: '/api/transactions?only=sale', headers: auth.seller }));
    expect(sales.meta.totalItems).toBe(orders.meta.totalItems);
    expect(json<TransactionPage>(await t.app.inject({ method: 'GET', url: '/api/transactions?only=sale', headers: auth.buyer })).meta.totalItems).toBe(0);
    const cancelledTab = json<TransactionPage>(await t.app.inject({ method: 'GET', url: '/api/transactions?only=order&tab=cancelled', headers: auth.buyer }));
    expect(cancelledTab.data.length).toBeGreaterThan(0);
    expect(cancelledTab.data.every((x) => ['declined', 'cancelled'].includes(x.state))).toBe(true);
    // Each row carries its history as its own page does: who, what, when, with the comment.
    for (const row of cancelledTab.data.slice(0, 3)) {
      expect(row.transitions.at(-1)).toMatchObject({ createdAt: row.lastTransitionedAt, comment: expect.any(String) });
      expect(row.transitions).toEqual(txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${row.id}`, headers: auth.buyer })).transitions);
    }
    const paged = json<TransactionPage>(await t.app.inject({ method: 'GET', url: '/api/transactions?only=order&perPage=2&page=2', headers: auth.buyer }));
    expect(paged.meta).toMatchObject({ page: 2, perPage: 2, totalPages: Math.ceil(orders.meta.totalItems / 2) });
    expect(paged.data.map((x) => x.id)).toEqual(orders.data.slice(2, 4).map((x) => x.id));
    expect(orders.meta.totalItems).toBe(orders.data.length);
    // A page past the end has no row to carry the count: still counted.
    const past = json<TransactionPage>(await t.app.inject({ method: 'GET', url: '/api/transactions?only=order&perPage=2&page=99', headers: auth.buyer }));
    expect(past.data).toEqual([]);
    expect(past.meta.totalItems).toBe(orders.meta.totalItems);
    expect((await t.app.inject({ method: 'GET', url: '/api/transactions?perPage=101', headers: auth.buyer })).statusCode).toBe(400);
  });

  it('lists the sales waiting for the seller as notifications', async () => {
    const id = txOf(await place(t.app, auth.buyer, initiateBody(listing))).id;
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions/sales-notifications', headers: auth.seller });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ data: { transactionId: string; lastTransition: string; customerName: string }[]; meta: { perPage: number } }>(res);
    expect(body.meta.perPage).toBe(100);
    expect(body.data[0]).toMatchObject({ transactionId: id, lastTransition: 'order', customerName: expect.any(String) });
    await transition(t.app, auth.seller, id, 'accept');
    const after = json<{ data: { transactionId: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/transactions/sales-notifications', headers: auth.seller }));
    expect(after.data.map((n) => n.transactionId)).not.toContain(id);
  });

  it('lets the operator cancel an open transaction with a reason, and only an open one', async () => {
    const id = txOf(await place(t.app, auth.buyer, initiateBody(listing))).id;
    await transition(t.app, auth.seller, id, 'accept');
    const url = `/api/operator/transactions/${id}/cancel`;
    expect((await t.app.inject({ method: 'POST', url, headers: auth.buyer, payload: { reason: 'x' } })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url, headers: auth.operator, payload: { reason: 'Port closed by the authority' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(txOf(res)).toMatchObject({ state: 'cancelled', lastTransition: 'cancel-accepted', protectedData: { reason: 'Port closed by the authority' } });
    expect(txOf(res).transitions.at(-1)).toMatchObject({ by: 'operator', comment: 'Port closed by the authority' });
    expect(errorCodes(await t.app.inject({ method: 'POST', url, headers: auth.operator, payload: { reason: 'again' } }))).toEqual(['transaction-invalid-transition']);
  });

  it('enters pending-payment for an online payment and cancels it, stock back, when the window lapses', async () => {
    const before = (await stockOfListing(t.app, auth.buyer, listing))!;
    const res = await place(t.app, auth.buyer, initiateBody(listing, { transition: 'request-payment' }));
    expect(res.statusCode, res.body).toBe(201);
    const tx = txOf(res);
    expect(tx).toMatchObject({ state: 'pending-payment', protectedData: { paymentStatus: 'ONLINE_PENDING' } });
    expect(await stockOfListing(t.app, auth.buyer, listing)).toBe(before - 2);
    // Not yet: 14 minutes later.
    await runDueTimers(t.ctx, new Date(Date.now() + 14 * 60_000));
    expect(txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${tx.id}`, headers: auth.buyer })).state).toBe('pending-payment');
    await runDueTimers(t.ctx, new Date(Date.now() + 15 * 60_000 + 1000));
    const expired = txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${tx.id}`, headers: auth.buyer }));
    expect(expired).toMatchObject({ state: 'cancelled', lastTransition: 'cancel-payment', protectedData: { paymentStatus: 'ONLINE_CANCEL' } });
    expect(expired.transitions.at(-1)).toMatchObject({ by: 'system', transition: 'cancel-payment' });
    expect(await stockOfListing(t.app, auth.buyer, listing)).toBe(before);
  });

  it('refuses online payment where the listing does not offer it', async () => {
    const offline = await publishedListing(t.app, auth);
    const res = await place(t.app, auth.buyer, initiateBody(offline, { transition: 'request-payment' }));
    expect(res.statusCode).toBe(409);
    expect(errorCodes(res)).toEqual(['validation-invalid-value']);
  });
});
