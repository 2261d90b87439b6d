import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { errorCodes, invalidMessages } from '../listings/test-helpers.ts';
import { listOutbox } from '../notifications/index.ts';
import { pendingTimers } from '../timers/index.ts';
import { eq } from 'drizzle-orm';
import { listings } from '../listings/listings.schema.ts';
import { CYCLE_TIMER_KIND } from './index.ts';
import { runCycle } from './subscriptions.runner.ts';
import { cartWith, createSubscription, patchSubscription, subOf, subscribableListing, tokens, weekly } from './test-helpers.ts';

/** Far enough ahead that every cycle of the schedule is upcoming whatever day the suite runs. */
const schedule = weekly({ startDate: '2030-01-07', endDate: '2030-12-31', weekdays: [1, 4], interval: 2 });

describe('subscriptions API', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let listing: string;
  let id: string;

  beforeAll(async () => {
    t = await createTestApp();
    auth = await tokens(t.app);
    listing = await subscribableListing(t.app, auth);
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses an invalid schedule with a message per field', async () => {
    const cartId = await cartWith(t.app, auth.buyer, [listing]);
    const res = await createSubscription(t.app, auth.buyer, { cartId, schedule: weekly({ weekdays: [], startTime: '9:00', endDate: '2026-03-01' }) });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res)).toEqual(['validation-invalid-params']);
    expect(invalidMessages(res)).toEqual(
      expect.arrayContaining([
        { path: 'body.schedule.startTime', message: 'subscriptions:validation.time' },
        { path: 'body.schedule.weekdays', message: 'subscriptions:validation.weekdays' },
        { path: 'body.schedule.endDate', message: 'subscriptions:validation.endBeforeStart' },
      ]),
    );
    const monthly = await createSubscription(t.app, auth.buyer, { cartId, schedule: { ...schedule, type: 'monthly', weekdays: undefined } });
    expect(invalidMessages(monthly)).toEqual([{ path: 'body.schedule.monthDay', message: 'subscriptions:validation.monthDay' }]);
  });

  it('needs a cart of exactly one item, of a listing that allows subscriptions', async () => {
    const two = await cartWith(t.app, auth.buyer, [listing, await subscribableListing(t.app, auth)]);
    const res = await createSubscription(t.app, auth.buyer, { cartId: two, schedule });
    expect([res.statusCode, errorCodes(res)]).toEqual([409, ['subscription-cart-not-single-item']]);
    const empty = await cartWith(t.app, auth.buyer, []);
    expect(errorCodes(await createSubscription(t.app, auth.buyer, { cartId: empty, schedule }))).toEqual(['subscription-cart-not-single-item']);
    const plain = await cartWith(t.app, auth.buyer, [await subscribableListing(t.app, auth, { allowSubscription: false })]);
    const refused = await createSubscription(t.app, auth.buyer, { cartId: plain, schedule });
    expect([refused.statusCode, errorCodes(refused)]).toEqual([409, ['subscription-not-allowed']]);
    // Someone else's cart is not found.
    const mine = await cartWith(t.app, auth.buyer, [listing]);
    expect((await createSubscription(t.app, auth.seller, { cartId: mine, schedule })).statusCode).toBe(404);
  });

  it('makes a pending subscription with its price, zone, history and next cycles; the seller is mailed', async () => {
    const cartId = await cartWith(t.app, auth.buyer, [listing]);
    const res = await createSubscription(t.app, auth.buyer, { cartId, schedule, message: 'Mondays and Thursdays, please' });
    expect(res.statusCode, res.body).toBe(201);
    const s = subOf(res);
    id = s.id;
    expect(s).toMatchObject({
      status: 'pending',
      role: 'buyer',
      listing: { id: listing, title: 'Harbour tug assistance' },
      timeZone: 'Europe/Helsinki',
      port: 'FIVSS',
      quantity: 2,
      ship: { name: 'Finnmaid', imo: 9319454 },
      schedule,
      cycles: [],
    });
    // 2 h at 250.00 EUR plus the basic delivery 50.00 EUR: the subtotal is the line's, before delivery.
    expect(s.cyclePrice).toEqual({ amount: 50000, currency: 'EUR' });
    // Every second week from the week of 2030-01-07, Mondays and Thursdays, at 09:00 Helsinki (07:00 UTC in winter).
    expect(s.nextCycles).toEqual(['2030-01-07T07:00:00.000Z', '2030-01-10T07:00:00.000Z', '2030-01-21T07:00:00.000Z', '2030-01-24T07:00:00.000Z', '2030-02-04T07:00:00.000Z']);
    expect(s.history).toEqual([expect.objectContaining({ status: 'pending', by: 'buyer', message: 'Mondays and Thursdays, please' })]);
    const mail = (await listOutbox(t.ctx.db)).find((m) => m.to === 'seller@harbor.test' && m.subject.includes('subscription'));
    expect(mail?.text).toContain('every 2 week(s) on Mon, Thu at 09:00'.replace('every', 'Every'));
  });

  it('shows it to both organizations and to no one else', async () => {
    const buyerList = json<{ data: { id: string; role: string }[] }>(await t.app.inject({ method: 'GET', url: '/v1/marketplace/subscriptions', headers: auth.buyer })).data;
    expect(buyerList.find((x) => x.id === id)?.role).toBe('buyer');
    const sellerView = await t.app.inject({ method: 'GET', url: `/v1/marketplace/subscriptions/${id}`, headers: auth.seller });
    expect([sellerView.statusCode, subOf(sellerView).role]).toEqual([200, 'seller']);
    // The limited user and the operator belong to other organizations.
    for (const other of [auth.limited, auth.operator]) {
      const list = json<{ data: { id: string }[] }>(await t.app.inject({ method: 'GET', url: '/v1/marketplace/subscriptions', headers: other })).data;
      expect(list.map((x) => x.id)).not.toContain(id);
      const one = await t.app.inject({ method: 'GET', url: `/v1/marketplace/subscriptions/${id}`, headers: other });
      expect([one.statusCode, errorCodes(one)]).toEqual([404, ['not-found']]);
    }
    const cross = await patchSubscription(t.app, auth.operator, id, { status: 'cancelled', message: 'not mine' });
    expect(cross.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/marketplace/subscriptions' })).statusCode).toBe(401);
  });

  it('lets the seller accept with a message (the first cycle timer is set), not the buyer', async () => {
    const noMessage = await patchSubscription(t.app, auth.seller, id, { status: 'accepted', message: '   ' });
    expect(invalidMessages(noMessage)).toEqual([{ path: 'body.message', message: 'validation.required' }]);
    const bad = await patchSubscription(t.app, auth.seller, id, { status: 'paused', message: 'x' });
    expect(invalidMessages(bad)).toEqual([{ path: 'body.status', message: 'validation.invalid' }]);
    const byBuyer = await patchSubscription(t.app, auth.buyer, id, { status: 'accepted', message: 'I accept my own' });
    expect([byBuyer.statusCode, errorCodes(byBuyer)]).toEqual([409, ['subscription-invalid-status-change']]);

    const ok = await patchSubscription(t.app, auth.seller, id, { status: 'accepted', message: 'Glad to serve' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(subOf(ok).status).toBe('accepted');
    expect(subOf(ok).history.map((h) => [h.status, h.by, h.message])).toEqual([
      ['pending', 'buyer', 'Mondays and Thursdays, please'],
      ['accepted', 'seller', 'Glad to serve'],
    ]);
    const [timer] = await pendingTimers(t.ctx.db, { key: id, kind: CYCLE_TIMER_KIND });
    expect([timer?.dueAt.toISOString(), timer?.payload]).toEqual(['2030-01-07T07:00:00.000Z', { cycleDate: '2030-01-07' }]);
    const mail = (await listOutbox(t.ctx.db)).find((m) => m.to === 'buyer@harbor.test' && m.text.includes('Glad to serve'));
    expect(mail?.subject).toContain('Accepted');
  });

  it('lets either side cancel with a message; a cancelled one has no next cycles, no timer and cannot be accepted', async () => {
    const res = await patchSubscription(t.app, auth.buyer, id, { status: 'cancelled', message: 'Ship sold' });
    expect(res.statusCode).toBe(200);
    const s = subOf(res);
    expect([s.status, s.nextCycles, s.history.at(-1)?.by, s.history.at(-1)?.message]).toEqual(['cancelled', [], 'buyer', 'Ship sold']);
    expect(await pendingTimers(t.ctx.db, { key: id, kind: CYCLE_TIMER_KIND })).toEqual([]);
    const again = await patchSubscription(t.app, auth.seller, id, { status: 'accepted', message: 'late' });
    expect(errorCodes(again)).toEqual(['subscription-invalid-status-change']);
    // The seller sees the same history.
    const seen = subOf(await t.app.inject({ method: 'GET', url: `/v1/marketplace/subscriptions/${id}`, headers: auth.seller }));
    expect(seen.history.map((h) => h.status)).toEqual(['pending', 'accepted', 'cancelled']);
  });

  it('lets the seller decline a pending one', async () => {
    const cartId = await cartWith(t.app, auth.buyer, [listing]);
    const made = subOf(await createSubscription(t.app, auth.buyer, { cartId, schedule: { ...schedule, type: 'monthly', weekdays: undefined, monthDay: 'last', interval: 1 } }));
    expect(made.nextCycles[0]).toBe('2030-01-31T07:00:00.000Z');
    const res = await patchSubscription(t.app, auth.seller, made.id, { status: 'declined', message: 'Fully booked' });
    expect([res.statusCode, subOf(res).status]).toEqual([200, 'declined']);
  });

  it('records a failed cycle (out of stock), shows it, mails the buyer and moves on to the next cycle', async () => {
    const own = await subscribableListing(t.app, auth, { stock: 10 });
    const cartId = await cartWith(t.app, auth.buyer, [own]);
    const made = subOf(await createSubscription(t.app, auth.buyer, { cartId, schedule }));
    expect((await patchSubscription(t.app, auth.seller, made.id, { status: 'accepted', message: 'ok' })).statusCode).toBe(200);
    await t.ctx.db.update(listings).set({ currentStock: 1 }).where(eq(listings.id, own));
    await t.ctx.db.transaction((tx) => runCycle(t.ctx, tx, { key: made.id, payload: { cycleDate: '2030-01-07' } }, new Date('2030-01-07T07:00:05Z')));
    const s = subOf(await t.app.inject({ method: 'GET', url: `/v1/marketplace/subscriptions/${made.id}`, headers: auth.buyer }));
    expect(s.cycles).toEqual([expect.objectContaining({ cycleDate: '2030-01-07', state: 'failed', failure: 'out-of-stock', transactionId: null })]);
    const mail = (await listOutbox(t.ctx.db)).find((m) => m.to === 'buyer@harbor.test' && m.subject.startsWith('Subscription cycle failed'));
    expect(mail?.text).toContain('2030-01-07');
    expect(mail?.text).toContain('Out of stock');
    const [timer] = await pendingTimers(t.ctx.db, { key: made.id, kind: CYCLE_TIMER_KIND });
    expect(timer?.payload).toEqual({ cycleDate: '2030-01-10' });
  });
});
