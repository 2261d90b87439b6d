import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction, TransactionPage } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { transactionAttachments } from '../attachments/index.ts';
import { listings } from '../listings/listings.schema.ts';
import { multipart } from '../listings/test-helpers.ts';
import { users } from '../users/users.schema.ts';
import { completeBody, initiateBody, place, publishedListing, tokens, transition, txOf } from './test-helpers.ts';
import { startOwnJsonBackfill } from './index.ts';
import { refreshMissingOwnJson, refreshOwnJson } from './transactions.page.ts';
import { transactions, transactionTransitions } from './transactions.schema.ts';

/*
 * The orders list is written by the database (transactions.page.ts), one transaction's answer by
 * toTransaction: every row of every kind of list must equal that transaction's own answer.
 */
describe('transactions: the orders list row is the transaction’s own answer', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;

  const list = async (query: string, headers: Record<string, string>) =>
    json<TransactionPage>(await t.app.inject({ method: 'GET', url: `/api/transactions${query}`, headers }));
  const own = async (id: string, headers: Record<string, string>): Promise<Transaction> => {
    const { reviews: _, ...rest } = txOf(await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers }));
    return rest;
  };
  const attach = async (id: string, headers: Record<string, string>, name: string) => {
    const body = multipart([{ field: 'file', data: Buffer.from(`Notes for ${name}\n`), filename: name, type: 'text/plain' }]);
    const res = await t.app.inject({ method: 'POST', url: `/v1/marketplace/transaction/${id}/attachment`, headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000' });
    auth = await tokens(t.app);
    const listing = await publishedListing(t.app, auth, { stock: 100 });
    const rfqListing = await publishedListing(t.app, auth, { stock: 10, publicData: { ...completeBody().publicData, pricingType: 'RFQ', rfqRequired: true } });
    const placed = async (body = initiateBody(listing)) => {
      const res = await place(t.app, auth.buyer, body);
      expect(res.statusCode, res.body).toBe(201);
      return txOf(res).id;
    };
    // Orders in several states (accepted, declined with a comment, delivering), with attachments from both sides, and a quote request.
    const accepted = await placed();
    expect((await transition(t.app, auth.seller, accepted, 'accept')).statusCode).toBe(200);
    await attach(accepted, auth.buyer, 'berth.txt');
    await attach(accepted, auth.seller, 'pilot.txt');
    const declined = await placed();
    expect((await transition(t.app, auth.seller, declined, 'decline', { comment: 'No crane free “that night”' })).statusCode).toBe(200);
    const delivering = await placed();
    await transition(t.app, auth.seller, delivering, 'accept');
    expect((await transition(t.app, auth.seller, delivering, 'start-delivery')).statusCode).toBe(200);
    await placed(initiateBody(rfqListing, { processAlias: 'harbor-rfq-simple', transition: 'request-for-quote', params: { quantity: 3 } }));
    await placed();
    // Names the two sides could write differently (an emoji initial, quotes and a backslash), and a closed listing.
    const { db } = t.database;
    await db.update(users).set({ firstName: '😀 Öljy "Oy"', lastName: 'a\\b' }).where(sql`${users.email} = 'seller@harbor.test'`);
    await db.update(listings).set({ deleted: true }).where(eq(listings.id, rfqListing));
    // Text the database must escape as JSON does: quotes, a backslash, a tab, a newline, a control character.
    await db.update(listings).set({ title: 'Tug "Aava" \\ 2\tnight\nshift \u0001' }).where(eq(listings.id, listing));
    await db.update(transactionAttachments).set({ name: 'pilot "night" \\ notes.txt' }).where(sql`${transactionAttachments.name} = 'pilot.txt'`);
  });
  afterAll(() => t.close());

  it('the buyer’s and the seller’s lists, filtered or not, paged or not', async () => {
    const views: [string, Record<string, string>][] = [
      ['', auth.buyer],
      ['?only=order', auth.buyer],
      ['?only=sale', auth.seller],
      ['?tab=all&createdAtStart=2000-01-01T00:00:00.000Z', auth.seller],
      ['?only=order&perPage=2&page=2', auth.buyer],
    ];
    for (const [query, headers] of views) {
      const page = await list(query, headers);
      expect(page.data.length, query).toBeGreaterThan(0);
      for (const row of page.data) expect(row, `${query} ${row.id}`).toEqual(await own(row.id, headers));
    }
    const buyerRows = (await list('', auth.buyer)).data;
    expect(new Set(buyerRows.map((r) => r.state))).toEqual(new Set(['accepted', 'declined', 'delivering', 'quote-requested', 'ordered']));
    expect(buyerRows.find((r) => r.state === 'accepted')!.attachments).toHaveLength(2);
    expect(buyerRows[0]!.provider).toMatchObject({ displayName: '😀 Öljy "Oy" a\\b', abbreviatedName: '😀A' });
    expect(buyerRows.find((r) => r.processAlias === 'harbor-rfq-simple')!.listing.deleted).toBe(true);
  });

  it('keeps each row’s own fields written after every change, and never serves them stale', async () => {
    const { db } = t.database;
    const kept = async () => new Map((await db.select({ id: transactions.id, own: transactions.ownJson }).from(transactions)).map((r) => [r.id, r.own]));
    const sameAsOwn = async () => {
      for (const row of (await list('', auth.buyer)).data) expect(row, row.id).toEqual(await own(row.id, auth.buyer));
    };
    // Placing, every transition and the metadata merge wrote them.
    const before = await kept();
    expect([...before.values()].every((own) => own !== null)).toBe(true);
    const [a, b, c] = (await list('', auth.buyer)).data;

    // Changes behind the list's back: the row itself, a transition, a transition removed.
    await db.update(transactions).set({ metadata: { note: 'changed by hand' } }).where(eq(transactions.id, a!.id));
    await db.insert(transactionTransitions).values({ transactionId: b!.id, transition: 'accept', by: 'provider', actorId: null, params: { comment: 'hand' }, createdAt: new Date() });
    await db.delete(transactionTransitions).where(eq(transactionTransitions.transactionId, c!.id));
    const after = await kept();
    expect([a, b, c].map((r) => after.get(r!.id))).toEqual([null, null, null]);
    expect([...after].filter(([, own]) => own === null).map(([id]) => id).sort()).toEqual([a!.id, b!.id, c!.id].sort());
    await sameAsOwn();

    // A refresh writes them again, twice the same (a refresh is not a change).
    for (const id of [a!.id, b!.id, c!.id]) {
      await refreshOwnJson(db, id);
      await refreshOwnJson(db, id);
    }
    expect([...(await kept()).values()].every((own) => own !== null)).toBe(true);
    await sameAsOwn();
    // Any other update clears them, even one that changes no value.
    await db.update(transactions).set({ state: sql`${transactions.state}` }).where(eq(transactions.id, a!.id));
    expect((await kept()).get(a!.id)).toBeNull();
    await sameAsOwn();
  });

  it('writes the kept JSON of rows that lack it (orders from before it was kept) in batches, and at start', async () => {
    const { db } = t.database;
    const missing = async () => (await db.select({ id: transactions.id }).from(transactions).where(sql`${transactions.ownJson} is null`)).length;
    const all = (await db.select({ id: transactions.id }).from(transactions)).length;
    await db.update(transactions).set({ ownJson: null });
    expect(await missing()).toBe(all);
    expect(await refreshMissingOwnJson(db, 2)).toBe(2);
    expect(await missing()).toBe(all - 2);
    expect(await refreshMissingOwnJson(db, 1000)).toBe(all - 2);
    expect(await refreshMissingOwnJson(db, 1000)).toBe(0);
    for (const row of (await list('', auth.buyer)).data) expect(row, row.id).toEqual(await own(row.id, auth.buyer));

    await db.update(transactions).set({ ownJson: null });
    await startOwnJsonBackfill(t.ctx)(); // one batch holds them all; stopping waits for it
    expect(await missing()).toBe(0);
    for (const row of (await list('', auth.seller)).data) expect(row, row.id).toEqual(await own(row.id, auth.seller));
  });

  it('sends the database’s text as it is where answers are not checked (production), the same page', async () => {
    const checked = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: auth.buyer });
    t.ctx.config.RESPONSE_CHECK = 'off';
    try {
      const sent = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { ...auth.buyer, 'accept-encoding': 'identity' } });
      expect(sent.statusCode).toBe(200);
      expect(sent.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(sent.body)).toEqual(JSON.parse(checked.body));
    } finally {
      t.ctx.config.RESPONSE_CHECK = 'strict';
    }
  });

  it('a banned party shows as Banned user in the other side’s list', async () => {
    await t.database.db.update(users).set({ banned: true }).where(sql`${users.email} = 'seller@harbor.test'`);
    const page = await list('?only=order', auth.buyer);
    for (const row of page.data) {
      expect(row.provider).toMatchObject({ displayName: 'Banned user', abbreviatedName: '' });
      expect(row).toEqual(await own(row.id, auth.buyer));
    }
    expect(page.data.flatMap((r) => r.attachments ?? []).some((a) => a.uploader.displayName === 'Banned user')).toBe(true);
  });
});
