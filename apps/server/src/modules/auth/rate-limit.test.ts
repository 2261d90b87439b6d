import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';

describe('per-address rate limit on sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MIN: '3' });
  });
  afterAll(() => t.close());

  it('answers too-many-requests past the limit, for any account', async () => {
    const attempt = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email, password: 'wrong-password' }, remoteAddress: '10.9.8.7' });
    for (const email of ['a@x.fi', 'b@x.fi', 'c@x.fi']) expect((await attempt(email)).statusCode).toBe(401);
    const limited = await attempt('d@x.fi');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ apiErrors: [{ code: 'too-many-requests', status: 429 }] });
    // Another address is not affected.
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email: 'a@x.fi', password: 'x' }, remoteAddress: '10.9.8.8' });
    expect(other.statusCode).toBe(401);
  });
});
