import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, json, sessionCookie, signIn, type TestApp } from '../../test/harness.ts';

describe('the wrong user after switching accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const hostedLogin = (email: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/harbor/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie && { cookie }) },
      payload: `email=${encodeURIComponent(email)}&password=${DEMO_PASSWORD}&return_to=%2F`,
    });
  const refresh = (refreshToken: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/harbor/token',
      headers: cookie ? { cookie } : {},
      payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
  const whoAmI = async (cookie: string) => {
    const pair = json<{ access_token: string }>(await t.app.inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie } }));
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${pair.access_token}` } });
    return json<{ email: string }>(me).email;
  };

  it('a sign-in on the hosted page ends the session it replaces: its stored refresh token no longer wins', async () => {
    const first = await signIn(t.app, 'buyer@harbor.test');
    const second = await hostedLogin('seller@harbor.test', first.cookie);
    expect(second.statusCode).toBe(303);
    const cookie = sessionCookie(second);
    const stale = await refresh(first.refresh_token, cookie);
    expect(stale.statusCode).toBe(400);
    expect(json(stale)).toMatchObject({ apiErrors: [{ code: 'invalid-token' }] });
    const old = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${first.access_token}` } });
    expect(old.statusCode).toBe(401);
    expect(await whoAmI(cookie)).toBe('seller@harbor.test');
  });

  it("a refresh token of another session than the browser's cookie is refused; the cookie wins", async () => {
    // The first session's cookie was lost (so nothing revoked it), its refresh token kept in the tab.
    const first = await signIn(t.app, 'buyer@harbor.test');
    const cookie = sessionCookie(await hostedLogin('seller@harbor.test'));
    const refused = await refresh(first.refresh_token, cookie);
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual({ apiErrors: [{ code: 'invalid-token', status: 400, meta: { reason: 'session-replaced' } }] });
    // Without a cookie (not a browser) the token still rotates: nothing was revoked.
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    expect(await whoAmI(cookie)).toBe('seller@harbor.test');
  });
});
