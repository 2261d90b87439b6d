import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { users } from '../users/users.schema.ts';

describe('rejected, banned or deleted users keep working tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const read = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });
  const write = (accessToken: string) =>
    t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` }, payload: { bio: 'still here?' } });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/harbor/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken } });

  it('an operator rejection ends the account’s tokens at once, reads and writes', async () => {
    const seller = await signIn(t.app, 'seller@harbor.test');
    expect((await read(seller.access_token)).statusCode).toBe(200); // now cached as live
    const op = await signIn(t.app, 'operator@harbor.test');
    const sellerId = (await read(seller.access_token)).json().id as string;
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/operator/users/${sellerId}/reject`,
      headers: { authorization: `Bearer ${op.access_token}` },
      payload: { reason: 'Business id does not match.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await read(seller.access_token)).statusCode).toBe(401);
    expect((await write(seller.access_token)).statusCode).toBe(401);
    expect((await refresh(seller.refresh_token)).statusCode).toBe(400);
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie: seller.cookie } });
    expect(viaCookie.statusCode).toBe(401);
  });

  it.each([
    ['banned', 'buyer@harbor.test', { banned: true }],
    ['deleted', 'limited@harbor.test', { deleted: true }],
  ] as const)('a %s account (changed in the database, e.g. by another server process) stops within seconds', async (_state, email, change) => {
    const s = await signIn(t.app, email);
    expect((await read(s.access_token)).statusCode).toBe(200);
    await t.ctx.db.update(users).set(change).where(eq(users.email, email));
    // The per-process cache lives a few seconds; past it every request sees the account's state.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6_000);
    expect((await read(s.access_token)).statusCode).toBe(401);
    expect((await write(s.access_token)).statusCode).toBe(401);
    expect((await refresh(s.refresh_token)).statusCode).toBe(400);
  });
});
