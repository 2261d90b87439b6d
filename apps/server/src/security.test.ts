import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './test/harness.ts';

/**
 * Issue 20, "Security checks", the parts no module test holds yet: forged and
 * algorithm-swapped JWTs, tokens after logout, sign-in answers that do not
 * tell which accounts exist (in body and time), the session cookie's flags and
 * the security headers with a CSP on HTML answers. Reset and verification links
 * (single use, expiry, sessions ended by a reset) are in
 * modules/auth/password-flows.test.ts; answer shapes of recovery in
 * modules/auth/enumeration.test.ts.
 */

const me = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('security checks', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  it('refuses alg none, algorithm swaps, a wrong key and a tampered payload', async () => {
    const { access_token } = await signIn(t.app, 'buyer@harbor.test');
    expect((await me(t, access_token)).statusCode).toBe(200);
    const claims = decodeJwt(access_token);
    const secret = new TextEncoder().encode(t.ctx.config.JWT_SECRET!);
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const resign = (alg: string, key: Parameters<SignJWT['sign']>[0], extra: Record<string, unknown> = {}) =>
      new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg }).sign(key);
    const [head, body] = access_token.split('.');
    const operatorClaims = Buffer.from(JSON.stringify({ ...claims, scopes: ['operator'] })).toString('base64url');
    const forgeries: [string, string][] = [
      ['alg none', new UnsecuredJWT(claims).encode()],
      ['alg none, signature kept', `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.${access_token.split('.')[2]}`],
      ['HS256 with another key', await resign('HS256', new TextEncoder().encode('another-secret-another-secret-32!'))],
      ['HS384 with the right secret', await resign('HS384', secret)],
      ['HS512 with the right secret', await resign('HS512', secret)],
      ['RS256 with an attacker key', await resign('RS256', privateKey)],
      // The classic confusion: the public key's PEM used as an HMAC secret, the header claiming RS256.
      ['RS256 header, HMAC over the public key', await signedWithHeader({ alg: 'RS256' }, claims, Buffer.from(publicKey.export({ type: 'spki', format: 'pem' })))],
      ['payload raised to operator, old signature', `${head}.${operatorClaims}.${access_token.split('.')[2]}`],
      ['expired', await resign('HS256', secret, { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
      ['no signature', `${head}.${body}.`],
    ];
    for (const [what, token] of forgeries) {
      const res = await me(t, token);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ apiErrors: [{ code: 'unauthorized', status: 401 }] });
    }
  });

  it('refuses the access and the refresh token after logout', async () => {
    const s = await signIn(t.app, 'seller@harbor.test');
    expect((await me(t, s.access_token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/harbor/logout',
      headers: { cookie: s.cookie, origin: 'http://localhost:3000' },
      payload: { refresh_token: s.refresh_token },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await me(t, s.access_token)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/harbor/token', payload: { grant_type: 'refresh_token', refresh_token: s.refresh_token } });
    expect(refresh.statusCode, refresh.body).toBeGreaterThanOrEqual(400);
    expect(refresh.statusCode).toBeLessThan(500);
    const cookieAgain = await t.app.inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie: s.cookie } });
    expect(cookieAgain.statusCode, cookieAgain.body).toBe(401);
  });

  it('answers sign-in and recovery alike for real and unknown e-mails, in body and in time', async () => {
    const attempt = async (email: string, remoteAddress = '127.0.0.1') => {
      const started = performance.now();
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email, password: 'wrong password 123' }, remoteAddress });
      const loginMs = performance.now() - started;
      const recovery = await t.app.inject({ method: 'POST', url: '/api/users/password-recovery', payload: { email }, remoteAddress });
      return { login, loginMs, recovery };
    };
    const shape = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body}`;
    // The same answers all along, also past the fifth failure, when both lock alike.
    for (let i = 0; i < 7; i++) {
      const a = await attempt('limited@harbor.test');
      const b = await attempt('nobody@harbor.test');
      expect(shape(b.login)).toBe(shape(a.login));
      expect(shape(b.recovery)).toBe(shape(a.recovery));
    }
    // The same time: each pair from an address of its own, so every attempt gets as far as the
    // password check (a locked address answers 429 before it, alike for both, and timing those
    // would compare noise). Alternating, so a slow moment of a busy machine falls on both sides.
    const real: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 12; i++) {
      const ip = `10.9.${i}.1`;
      const a = await attempt('limited@harbor.test', ip);
      const b = await attempt('nobody@harbor.test', ip);
      expect(a.login.statusCode).toBe(401);
      expect(shape(b.login)).toBe(shape(a.login));
      real.push(a.loginMs);
      unknown.push(b.loginMs);
    }
    const [mReal, mUnknown] = [median(real), median(unknown)];
    console.log(`sign-in medians: real account ${mReal.toFixed(1)} ms, unknown ${mUnknown.toFixed(1)} ms`);
    // Generous: the point is the same password check on both sides (a missing one would be ~100x faster).
    expect(mUnknown / mReal).toBeGreaterThan(0.33);
    expect(mUnknown / mReal).toBeLessThan(3);
  });

  it('sets the session cookie HttpOnly, SameSite and on the whole site; Secure only behind https', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email: 'buyer@harbor.test', password: 'harbor-demo-2026' } });
    const cookie = login.cookies.find((c) => c.name === 'harbor_session');
    expect(cookie, login.body).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, path: '/' });
    expect(String(cookie!.sameSite).toLowerCase()).toMatch(/^(strict|lax)$/);
    expect(!!cookie!.secure).toBe(t.ctx.config.secureCookies);
    expect(t.ctx.config.secureCookies).toBe(false); // PUBLIC_URL http://localhost here; https turns it on (config test)
  });

  it('sends security headers and a CSP with every HTML answer (API docs, the hosted sign-in page)', async () => {
    let html = 0;
    for (const url of ['/api/docs/', '/api/docs/static/index.html', '/api/auth/harbor']) {
      const res = await t.app.inject({ method: 'GET', url });
      if (!String(res.headers['content-type']).includes('text/html')) continue;
      html++;
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toMatch(/frame-ancestors 'self'|frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBeDefined();
      expect(res.headers['referrer-policy'], url).toBeDefined();
    }
    expect(html).toBeGreaterThanOrEqual(2);
  });
});

/** A JWT whose header says what the attacker likes, signed HS256 with `key` (what a verifier trusting the header would check). */
async function signedWithHeader(header: Record<string, unknown>, claims: Record<string, unknown>, key: Buffer): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const h = Buffer.from(JSON.stringify({ ...header, typ: 'JWT' })).toString('base64url');
  const b = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${h}.${b}.${createHmac('sha256', key).update(`${h}.${b}`).digest('base64url')}`;
}
