import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../../modules/listings/listings.schema.ts';
import { localPayLedger, localPayWebhooks } from '../../modules/payments/payments.schema.ts';
import { subscriptionCycles } from '../../modules/subscriptions/subscriptions.schema.ts';
import { subscribableListing } from '../../modules/subscriptions/test-helpers.ts';
import { runDueTimers } from '../../modules/timers/index.ts';
import { timers } from '../../modules/timers/timers.schema.ts';
import { transactions } from '../../modules/transactions/transactions.schema.ts';
import { completeBody, initiateBody, place, publishedListing, tokens, txOf } from '../../modules/transactions/test-helpers.ts';
import { users } from '../../modules/users/users.schema.ts';
import { vesselPositions, vessels } from '../../modules/vessels/vessels.schema.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { AIS_MMSI0, expectedPosition, shipName } from './ais-feed.ts';
import { orderInvariants, paymentInvariants, subscriptionInvariants, vesselInvariants } from './crash-invariants.ts';
import { SubscriptionCycles, type OrderKey } from './crash-workloads.ts';

/** The crash suite's checks find what a crash could leave behind (so a clean run means something). */
describe('crash invariants', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  beforeAll(async () => {
    // The app's own timer loop stays out of it (an hour): the tests tamper with timers and read them
    // back, and a loop running a due one in between took a "still pending" timer away on a slow machine.
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000', TIMER_INTERVAL_MS: '3600000' });
    auth = await tokens(t.app);
  }, 180_000);
  afterAll(() => t?.close());

  it('orders: stock that does not add up, a key answered with two orders, a lost payment timer', async () => {
    const listing = await publishedListing(t.app, auth, { stock: 50, publicData: { ...completeBody().publicData, allowOnlinePayment: true } });
    const body = initiateBody(listing);
    const placed = await place(t.app, { ...auth.buyer, 'idempotency-key': 'crash-k1' }, body);
    const paying = await place(t.app, { ...auth.buyer, 'idempotency-key': 'crash-k2' }, initiateBody(listing, { transition: 'request-payment' }));
    expect(paying.statusCode, paying.body).toBe(201);
    const [buyer] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@harbor.test'));
    const key: OrderKey = { key: 'crash-k1', body, ids: new Set([txOf(placed).id]), statuses: [201] };
    const input = { listings: [{ id: listing, stock: 50 }], orders: [key], buyerId: buyer!.id };
    expect(await orderInvariants(t.ctx.db, input)).toEqual([]);

    key.ids.add('00000000-0000-4000-8000-000000000000');
    await t.ctx.db.update(listings).set({ currentStock: 47 }).where(eq(listings.id, listing));
    await t.ctx.db.delete(timers).where(eq(timers.key, txOf(paying).id));
    const bad = await orderInvariants(t.ctx.db, input);
    expect(bad).toEqual([
      expect.stringMatching(/current stock 47 \+ reserved 4 != 50/),
      expect.stringMatching(/was answered with 2 transactions/),
      expect.stringMatching(/\(pending-payment\) has 0 pending timers, expected 1/),
    ]);
  });

  it('payments: an entry that does not balance, an event delivered but never applied', async () => {
    expect(await paymentInvariants(t.ctx.db, { settled: true })).toEqual([]);
    await t.ctx.db.insert(localPayLedger).values({ entryId: 'le_bad', kind: 'charge', account: 'platform:held', amount: 100, currency: 'EUR' });
    await t.ctx.db.insert(localPayWebhooks).values({ id: 'evt_lost', type: 'account.updated', payload: {}, deliveredAt: new Date() });
    expect(await paymentInvariants(t.ctx.db, { settled: true })).toEqual([
      'ledger entry le_bad sums to 100',
      'platform:held is 100, the payments leave 0',
      'event evt_lost (account.updated) delivered but never applied',
    ]);
  });

  it('subscriptions: a second order for a cycle, a due cycle that never ran, a due cycle timer still pending', async () => {
    const listing = await subscribableListing(t.app, auth, { stock: 1000 });
    const subs = new SubscriptionCycles();
    const [a, b] = await subs.create(t.app, auth, listing, 2);
    await subs.spread(t.ctx.db, [a!, b!], Date.now() - 1000, { burst: 2, everyMs: 1000 });
    // Both cycles run (the second falls due a second after the first).
    const inputNow = () => ({ listingId: listing, due: subs.due, ranBy: new Date(), now: new Date() });
    await expect
      .poll(
        async () => {
          await runDueTimers(t.ctx);
          return (await subscriptionInvariants(t.ctx.db, inputNow())).rows.map((c) => c.state);
        },
        { timeout: 10_000 },
      )
      .toEqual(['ordered', 'ordered']);
    const input = inputNow();
    const clean = await subscriptionInvariants(t.ctx.db, input);
    expect(clean.bad).toEqual([]);
    expect(clean.rows.map((c) => c.state)).toEqual(['ordered', 'ordered']);

    // What a cycle run twice without its guards would leave: a second order for it.
    const [order] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, clean.rows.find((c) => c.subscriptionId === a)!.transactionId!));
    const copy = randomUUID();
    await t.ctx.db.insert(transactions).values({ ...order!, id: copy });
    // A due cycle that never ran (its row gone), and a cycle timer due but left pending.
    await t.ctx.db.delete(subscriptionCycles).where(eq(subscriptionCycles.subscriptionId, b!));
    await t.ctx.db
      .update(timers)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(and(eq(timers.key, a!), eq(timers.state, 'pending')));
    const { bad } = await subscriptionInvariants(t.ctx.db, { ...input, now: new Date() });
    expect(bad).toEqual([
      expect.stringMatching(new RegExp(`subscription ${b}: its cycle of .* never ran`)),
      expect.stringMatching(/order .* on the subscription listing is named by 0 cycles/),
      expect.stringMatching(/order .* on the subscription listing is named by 0 cycles/),
      expect.stringMatching(new RegExp(`cycle timer of subscription ${a} .* is still pending, due`)),
    ]);
    expect(bad.filter((v) => v.includes(copy))).toHaveLength(1);
  });

  it('vessel history: a report the feed never sent, reports out of order, points closer than the interval, a garbled name', async () => {
    const since = new Date(Date.now() - 60_000);
    const at = (s: number) => new Date(since.getTime() + s * 1000);
    const row = (i: number, k: number, s: number) => ({ mmsi: AIS_MMSI0 + i, at: at(s), ...expectedPosition(i, k) });
    await t.ctx.db.insert(vessels).values({ mmsi: AIS_MMSI0, name: shipName(0), callSign: 'OH0', destination: 'FIHEL', shipType: 70 });
    await t.ctx.db.insert(vesselPositions).values([row(0, 1, 1), row(0, 12, 3), row(1, 5, 1)]);
    const ais = { ships: 3, maxTick: 100, historyIntervalMs: 1000, since };
    expect(await vesselInvariants(t.ctx.db, ais)).toEqual({ bad: [], rows: 3 });

    await t.ctx.db.insert(vesselPositions).values([row(0, 11, 4.5), row(1, 6, 1.2), { ...row(2, 3, 1), lat: 59.123456 }]);
    await t.ctx.db.update(vessels).set({ name: 'CRASH 0X' }).where(eq(vessels.mmsi, AIS_MMSI0));
    const { bad } = await vesselInvariants(t.ctx.db, ais);
    expect(bad).toEqual([
      expect.stringMatching(/ship 230990000: report 11 stored after report 12/),
      expect.stringMatching(/ship 230990001: history points 200 ms apart/),
      expect.stringMatching(/position 230990002 .* is no report the feed sent/),
      expect.stringMatching(/vessel 230990000 stored as/),
    ]);
  });
});
