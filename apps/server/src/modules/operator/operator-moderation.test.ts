import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuditPage, OperatorUserPage, OperatorUserRow, TransactionPage } from '@harbor/contracts';
import { createTestApp, DEMO_PASSWORD, json, signIn, type TestApp } from '../../test/harness.ts';
import { auditLog } from '../audit/index.ts';
import { initiateBody, place, publishedListing, tokens, txOf } from '../transactions/test-helpers.ts';
import { emailTokens, users } from '../users/users.schema.ts';

describe('operator console: users, bans, deletions, transactions by state and the audit list', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let listing: string;
  let order: string;
  const ids: Record<string, string> = {};

  const get = (url: string, headers: Record<string, string> = auth.operator) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = auth.operator) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const me = (accessToken: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });
  const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email, password: DEMO_PASSWORD } });
  const audit = async (query = '') => json<AuditPage>(await get(`/api/operator/audit${query}`));
  const auditRowsFor = (targetId: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
  const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  function register(first: string, company: string, email: string) {
    return post(
      '/api/users/register',
      { firstName: first, lastName: 'Pagination', email, password: 'search-password', phone: '+358 40 111 2222', companyName: company, businessId: '1234567-8', webAddress: 'haku.fi', defaultPort: 'FIHEL', roles: ['Buyer'] },
      {},
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000' });
    auth = await tokens(t.app);
    for (const email of ['buyer', 'seller', 'limited', 'operator']) {
      ids[email] = json<{ id: string }>(await me((await signIn(t.app, `${email}@harbor.test`)).access_token)).id;
    }
    listing = await publishedListing(t.app, auth);
    order = txOf(await place(t.app, auth.buyer, initiateBody(listing))).id;
    for (const [first, company, email] of [
      ['Aino', 'Haku Oy', 'aino@haku.fi'],
      ['Bertil', 'Sök Ab', 'bertil@sok.se'],
      ['Cecilia', 'Haku Oy', 'cecilia@example.fi'],
    ] as const) {
      expect((await register(first, company, email)).statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  it('answers 401 without a token and 403 to buyers, sellers and limited users, on every operator endpoint', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/operator/users?q=haku'],
      ['GET', '/api/operator/transactions?state=ordered'],
      ['GET', '/api/operator/audit'],
      ['POST', `/api/operator/users/${ids.buyer}/ban`],
      ['POST', `/api/operator/users/${ids.buyer}/unban`],
      ['POST', `/api/operator/users/${ids.buyer}/delete`],
    ];
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? { reason: 'not yours to do' } : undefined;
      expect((await t.app.inject({ method: method as 'GET', url, payload })).statusCode, url).toBe(401);
      for (const who of [auth.buyer, auth.seller, auth.limited]) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: who, payload });
        expect(res.statusCode, url).toBe(403);
        expect(json(res)).toMatchObject({ apiErrors: [{ code: 'forbidden' }] });
      }
    }
    // Nothing happened to the buyer, and nothing went into the audit list.
    expect(await userRow(ids.buyer!)).toMatchObject({ banned: false, deleted: false });
    expect(await auditRowsFor(ids.buyer!)).toHaveLength(0);
  });

  it('searches users by name, e-mail or organization, case-insensitively, and pages the answer', async () => {
    const page1 = json<OperatorUserPage>(await get('/api/operator/users?q=pagination&perPage=2'));
    expect(page1.meta).toEqual({ page: 1, perPage: 2, totalItems: 3, totalPages: 2 });
    expect(page1.data).toHaveLength(2);
    const page2 = json<OperatorUserPage>(await get('/api/operator/users?q=pagination&perPage=2&page=2'));
    expect(page2.data).toHaveLength(1);
    const all = [...page1.data, ...page2.data].map((u) => u.email).sort();
    expect(all).toEqual(['aino@haku.fi', 'bertil@sok.se', 'cecilia@example.fi']);

    const byOrg = json<OperatorUserPage>(await get('/api/operator/users?q=HAKU%20oy'));
    expect(byOrg.data.map((u) => u.email).sort()).toEqual(['aino@haku.fi', 'cecilia@example.fi']);
    const byEmail = json<OperatorUserPage>(await get('/api/operator/users?q=sok.se'));
    expect(byEmail.data.map((u) => u.firstName)).toEqual(['Bertil']);
    const byFullName = json<OperatorUserPage>(await get('/api/operator/users?q=aino%20pagination'));
    expect(byFullName.data.map((u) => u.email)).toEqual(['aino@haku.fi']);
    // LIKE wildcards are searched for literally, not as patterns.
    expect(json<OperatorUserPage>(await get('/api/operator/users?q=%25')).meta.totalItems).toBe(0);
    expect(json<OperatorUserPage>(await get('/api/operator/users?q=_')).meta.totalItems).toBe(0);
    // The review-status filter still serves the registration queue.
    const pending = json<OperatorUserPage>(await get('/api/operator/users?status=pending&q=pagination'));
    expect(pending.meta.totalItems).toBe(3);
    expect((await get('/api/operator/users?perPage=101')).statusCode).toBe(400);
  });

  it('lists every transaction by state and process, paged', async () => {
    const ordered = json<TransactionPage>(await get('/api/operator/transactions?state=ordered'));
    expect(ordered.data.map((x) => x.id)).toContain(order);
    expect(ordered.data.every((x) => x.state === 'ordered')).toBe(true);
    expect(ordered.data.find((x) => x.id === order)!.customer.displayName).not.toBe('Banned user');
    const rfq = json<TransactionPage>(await get('/api/operator/transactions?state=ordered&processAlias=harbor-rfq-simple'));
    expect(rfq.data.map((x) => x.id)).not.toContain(order);
    const cancelled = json<TransactionPage>(await get('/api/operator/transactions?state=cancelled'));
    expect(cancelled.data.map((x) => x.id)).not.toContain(order);
    const one = json<TransactionPage>(await get('/api/operator/transactions?perPage=1'));
    expect(one.data).toHaveLength(1);
    expect(one.meta.totalItems).toBeGreaterThanOrEqual(1);
    expect((await get('/api/operator/transactions?state=nonsense')).statusCode).toBe(400);
  });

  it('bans a user: every token stops at once, sign-in is refused, the user shows as Banned user; unban lets them back', async () => {
    const buyer = await signIn(t.app, 'buyer@harbor.test');
    expect((await me(buyer.access_token)).statusCode).toBe(200); // cached as live

    expect((await post(`/api/operator/users/${ids.buyer}/ban`, {})).statusCode).toBe(400); // a reason is required
    expect(json(await post(`/api/operator/users/${ids.operator}/ban`, { reason: 'me' }))).toMatchObject({ apiErrors: [{ code: 'forbidden', meta: { reason: 'own-account' } }] });

    const banned = await post(`/api/operator/users/${ids.buyer}/ban`, { reason: 'Spam orders' });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(json<OperatorUserRow>(banned)).toMatchObject({ banned: true, deleted: false, displayName: 'Banned user', email: 'buyer@harbor.test' });

    expect((await me(buyer.access_token)).statusCode).toBe(401);
    const refreshed = await post('/api/auth/harbor/token', { grant_type: 'refresh_token', refresh_token: buyer.refresh_token }, {});
    expect(refreshed.statusCode).toBe(400);
    expect(json(await login('buyer@harbor.test'))).toMatchObject({ apiErrors: [{ code: 'user-banned' }] });

    // Where the product shows the user: order parties and the public profile.
    const tx = json<{ data: { customer: { displayName: string; abbreviatedName: string } } }>(await get(`/api/transactions/${order}`));
    expect(tx.data.customer).toMatchObject({ displayName: 'Banned user', abbreviatedName: '' });
    expect(json(await get(`/api/users/${ids.buyer}`, {}))).toMatchObject({ displayName: 'Banned user', banned: true });

    expect(json(await post(`/api/operator/users/${ids.buyer}/ban`, { reason: 'twice' }))).toMatchObject({ apiErrors: [{ code: 'conflict', meta: { reason: 'user-banned' } }] });

    const [entry] = (await audit()).data;
    expect(entry).toMatchObject({ action: 'user.ban', targetType: 'user', targetId: ids.buyer, reason: 'Spam orders', actor: { id: ids.operator, email: 'operator@harbor.test' } });
    expect(entry!.targetLabel).toContain('buyer@harbor.test');

    const unbanned = await post(`/api/operator/users/${ids.buyer}/unban`, {});
    expect(unbanned.statusCode, unbanned.body).toBe(200);
    expect(json<OperatorUserRow>(unbanned)).toMatchObject({ banned: false });
    expect((await login('buyer@harbor.test')).statusCode).toBe(200);
    expect((await audit()).data[0]).toMatchObject({ action: 'user.unban', targetId: ids.buyer, reason: null });
    expect(json(await post(`/api/operator/users/${ids.buyer}/unban`, {}))).toMatchObject({ apiErrors: [{ code: 'conflict', meta: { reason: 'user-not-banned' } }] });
  });

  it('shows a banned seller as Banned user on their listings', async () => {
    expect((await post(`/api/operator/users/${ids.seller}/ban`, { reason: 'Fake services' })).statusCode).toBe(200);
    const shown = json<{ author: { displayName: string } }>(await get(`/api/listings/${listing}`));
    expect(shown.author.displayName).toBe('Banned user');
    expect((await post(`/api/operator/users/${ids.seller}/unban`, { reason: 'Cleared up' })).statusCode).toBe(200);
    expect(json<{ author: { displayName: string } }>(await get(`/api/listings/${listing}`)).author.displayName).not.toBe('Banned user');
  });

  it('writes the audit row in the action’s own transaction: when it cannot be written, the action does not happen', async () => {
    const seller = await signIn(t.app, 'seller@harbor.test');
    const before = (await auditRowsFor(ids.seller!)).length;
    await t.ctx.db.execute(sql`ALTER TABLE audit_log ADD CONSTRAINT audit_fault CHECK (action NOT IN ('user.ban', 'transaction.cancel')) NOT VALID`);
    try {
      const failed = await post(`/api/operator/users/${ids.seller}/ban`, { reason: 'Fake services' });
      expect(failed.statusCode).toBe(500);
      expect((await userRow(ids.seller!)).banned).toBe(false);
      expect((await me(seller.access_token)).statusCode).toBe(200); // sessions were not ended either
      expect(await auditRowsFor(ids.seller!)).toHaveLength(before);

      const cancel = await post(`/api/operator/transactions/${order}/cancel`, { reason: 'Port closed' });
      expect(cancel.statusCode).toBe(500);
      expect(json<{ data: { state: string } }>(await get(`/api/transactions/${order}`)).data.state).toBe('ordered');
      expect(await auditRowsFor(order)).toHaveLength(0);
    } finally {
      await t.ctx.db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT audit_fault`);
    }
    // A refused action (not found) leaves no row either.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await post(`/api/operator/users/${missing}/ban`, { reason: 'x' })).statusCode).toBe(404);
    expect(await auditRowsFor(missing)).toHaveLength(0);

    const cancel = await post(`/api/operator/transactions/${order}/cancel`, { reason: 'Port closed' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await audit('?action=transaction.cancel')).data[0]).toMatchObject({ targetType: 'transaction', targetId: order, reason: 'Port closed', details: { from: 'ordered' } });
  });

  it('deletes a user: personal data cleared, tokens stop at once, shown as Deleted user, audit labels forgotten', async () => {
    const limited = await signIn(t.app, 'limited@harbor.test');
    expect((await me(limited.access_token)).statusCode).toBe(200);
    expect((await post(`/api/operator/users/${ids.limited}/ban`, { reason: 'First a ban' })).statusCode).toBe(200);
    expect((await auditRowsFor(ids.limited!))[0]!.targetLabel).toContain('limited@harbor.test');

    expect((await post(`/api/operator/users/${ids.limited}/delete`, {})).statusCode).toBe(400); // a reason is required
    const deleted = await post(`/api/operator/users/${ids.limited}/delete`, { reason: 'Asked to be forgotten' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json<OperatorUserRow>(deleted)).toMatchObject({ deleted: true, displayName: 'Deleted user', firstName: '', lastName: '', phone: null });

    const row = await userRow(ids.limited!);
    expect(row).toMatchObject({ deleted: true, firstName: '', lastName: '', phone: null, bio: null, passwordHash: null, idpSubject: null });
    expect(row.email).toBe(`deleted-${ids.limited}@deleted.invalid`);
    const tokensLeft = await t.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, ids.limited!));
    expect(tokensLeft.every((x) => x.email !== 'limited@harbor.test' && x.usedAt !== null)).toBe(true);

    expect((await me(limited.access_token)).statusCode).toBe(401);
    expect((await post('/api/auth/harbor/token', { grant_type: 'refresh_token', refresh_token: limited.refresh_token }, {})).statusCode).toBe(400);
    expect(json(await login('limited@harbor.test'))).toMatchObject({ apiErrors: [{ code: 'invalid-credentials' }] });
    expect(json(await get(`/api/users/${ids.limited}`, {}))).toMatchObject({ displayName: 'Deleted user', deleted: true, bio: null });

    // No audit row keeps the person's name or address; the reasons and actions stay.
    const rows = await auditRowsFor(ids.limited!);
    expect(rows.map((r) => r.action).sort()).toEqual(['user.ban', 'user.delete']);
    expect(rows.every((r) => r.targetLabel === null)).toBe(true);
    expect(JSON.stringify((await audit()).data)).not.toContain('limited@harbor.test');

    for (const action of ['ban', 'unban', 'delete', 'approve', 'reject']) {
      expect(json(await post(`/api/operator/users/${ids.limited}/${action}`, { reason: 'again' }))).toMatchObject({ apiErrors: [{ code: 'conflict', meta: { reason: 'user-deleted' } }] });
    }
    expect(json<OperatorUserPage>(await get('/api/operator/users?account=deleted')).data.map((u) => u.id)).toEqual([ids.limited]);
  });

  it('records every operator action and pages the audit list, newest first', async () => {
    const first = await audit('?perPage=100');
    const actions = new Set(first.data.map((e) => e.action));
    for (const a of ['listing.approve', 'user.ban', 'user.unban', 'user.delete', 'transaction.cancel']) expect(actions, a).toContain(a);
    expect(first.data.find((e) => e.action === 'listing.approve')).toMatchObject({ targetType: 'listing', targetId: listing, targetLabel: expect.any(String) });

    const total = first.meta.totalItems;
    expect(total).toBe(first.data.length);
    const page1 = await audit('?perPage=3');
    const page2 = await audit('?perPage=3&page=2');
    expect(page1.meta).toEqual({ page: 1, perPage: 3, totalItems: total, totalPages: Math.ceil(total / 3) });
    expect([...page1.data, ...page2.data].map((e) => e.id)).toEqual(first.data.slice(0, 6).map((e) => e.id));
    const times = first.data.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Approvals and rejections of registrations are recorded too.
    const aino = json<OperatorUserPage>(await get('/api/operator/users?q=aino')).data[0]!;
    expect((await post(`/api/operator/users/${aino.id}/approve`, { limited: true })).statusCode).toBe(200);
    expect((await audit()).data[0]).toMatchObject({ action: 'user.approve', targetId: aino.id, details: { limited: true } });
    const bertil = json<OperatorUserPage>(await get('/api/operator/users?q=bertil')).data[0]!;
    expect((await post(`/api/operator/users/${bertil.id}/reject`, { reason: 'No such company' })).statusCode).toBe(200);
    expect((await audit()).data[0]).toMatchObject({ action: 'user.reject', targetId: bertil.id, reason: 'No such company' });
  });
});
