import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, DEMO_PASSWORD, json, sessionCookie, signIn, type TestApp } from '../../test/harness.ts';

describe('login CSRF and form posts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://harbor.test:3000' });
  });
  afterAll(() => t.close());

  const login = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', headers, payload: { email: 'buyer@harbor.test', password: DEMO_PASSWORD } });

  it('signs in only from our own pages (Sec-Fetch-Site or Origin)', async () => {
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://harbor.test:3000' },
    ];
    for (const headers of refused) {
      const res = await login(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(json(res)).toEqual({ apiErrors: [{ code: 'forbidden', status: 403, meta: { reason: 'cross-origin' } }] });
      expect(res.cookies).toHaveLength(0);
    }
    const accepted: Record<string, string>[] = [
      { origin: 'http://harbor.test:3000' }, // PUBLIC_URL
      { origin: 'http://localhost:80', host: 'localhost:80' }, // the address the request was sent to
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173' }, // the dev server's proxy
      {}, // no browser
    ];
    for (const headers of accepted) {
      expect((await login(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it("refuses another site's sign-in form and sign-out", async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/harbor/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: `email=buyer%40harbor.test&password=${DEMO_PASSWORD}&return_to=%2F`,
    });
    expect(form.statusCode).toBe(403);
    expect(form.cookies).toHaveLength(0);
    const s = await signIn(t.app, 'buyer@harbor.test');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/harbor/logout',
      headers: { cookie: s.cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(logout.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie: s.cookie } })).statusCode).toBe(200);
  });

  it('JSON routes refuse form bodies in the error model; the hosted sign-in form still works', async () => {
    const s = await signIn(t.app, 'seller@harbor.test');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const [url, headers, payload] of [
      ['/api/users/password-recovery', form, 'email=seller%40harbor.test'],
      ['/api/auth/harbor/logout', { ...form, cookie: s.cookie }, ''],
      ['/api/auth/harbor/token', form, 'grant_type=refresh_token&refresh_token=x'],
      ['/api/users/me/password', { ...form, authorization: `Bearer ${s.access_token}` }, 'currentPassword=a&newPassword=bbbbbbbb'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, url).toBe(400);
      expect(json(res), url).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params', status: 400 }] });
    }
    const hosted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/harbor/login',
      headers: { ...form, origin: 'http://harbor.test:3000' },
      payload: `email=seller%40harbor.test&password=${DEMO_PASSWORD}&return_to=%2Fmap`,
    });
    expect(hosted.statusCode).toBe(303);
    expect(hosted.headers.location).toBe('/map');
  });

  it('token answers are not stored by caches', async () => {
    const res = await login({});
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookie(res);
    const pair = await t.app.inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie } });
    expect(pair.headers['cache-control']).toBe('no-store');
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/harbor/token',
      payload: { grant_type: 'refresh_token', refresh_token: json<{ refresh_token: string }>(pair).refresh_token },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
  });

  it('refuses access tokens without exp', async () => {
    const s = await signIn(t.app, 'buyer@harbor.test');
    const claims = JSON.parse(Buffer.from(s.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const key = new TextEncoder().encode(t.ctx.config.JWT_SECRET);
    const forge = (withExp: boolean) => {
      const jwt = new SignJWT({ org: claims.org, roles: claims.roles, scopes: claims.scopes, fam: claims.fam })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuer('harbor')
        .setIssuedAt();
      return (withExp ? jwt.setExpirationTime('10m') : jwt).sign(key);
    };
    const me = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${await token}` } })).statusCode;
    expect(await me(await forge(true))).toBe(200);
    expect(await me(await forge(false))).toBe(401);
  });

  it('sends HSTS only under https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp({ PUBLIC_URL: 'https://harbor.example' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});
