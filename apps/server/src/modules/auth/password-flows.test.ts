import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, DEMO_PASSWORD, json, signIn, type TestApp } from '../../test/harness.ts';
import { outbox } from '../notifications/index.ts';

/** The last mail sent to an address, and the token its link carries. */
async function lastMailToken(t: TestApp, to: string) {
  const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  const token = /[?&]t=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no token mailed to ${to}`);
  return token;
}

describe('password and e-mail flows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('recovers and resets a password, and the reset ends every session', async () => {
    const before = await signIn(t.app, 'seller@harbor.test');

    const rec = await t.app.inject({ method: 'POST', url: '/api/users/password-recovery', payload: { email: 'SELLER@harbor.test' } });
    expect(rec.statusCode).toBe(200);
    const token = await lastMailToken(t, 'seller@harbor.test');

    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/users/password-reset',
      payload: { email: 'buyer@harbor.test', passwordResetToken: token, newPassword: 'brand-new-secret' },
    });
    expect(wrongEmail.statusCode).toBe(400);
    // The failed attempt above consumed nothing it should not: a fresh link works.
    await t.app.inject({ method: 'POST', url: '/api/users/password-recovery', payload: { email: 'seller@harbor.test' } });
    const token2 = await lastMailToken(t, 'seller@harbor.test');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/password-reset',
      payload: { email: 'seller@harbor.test', passwordResetToken: token2, newPassword: 'brand-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/password-reset',
      payload: { email: 'seller@harbor.test', passwordResetToken: token2, newPassword: 'another-secret' },
    });
    expect(json(again)).toMatchObject({ apiErrors: [{ code: 'invalid-token', status: 400 }] });

    const old = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${before.access_token}` } });
    expect(old.statusCode).toBe(401);
    const oldPw = await t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email: 'seller@harbor.test', password: 'harbor-demo-2026' } });
    expect(oldPw.statusCode).toBe(401);
    await signIn(t.app, 'seller@harbor.test', 'brand-new-secret');
  });

  it('changes the password only with the current one', async () => {
    const s = await signIn(t.app, 'buyer@harbor.test');
    const headers = { authorization: `Bearer ${s.access_token}` };
    const wrong = await t.app.inject({ method: 'POST', url: '/api/users/me/password', headers, payload: { currentPassword: 'nope', newPassword: 'buyers-new-pass' } });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong)).toMatchObject({ apiErrors: [{ code: 'password-incorrect' }] });
    const short = await t.app.inject({ method: 'POST', url: '/api/users/me/password', headers, payload: { currentPassword: 'harbor-demo-2026', newPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url: '/api/users/me/password', headers, payload: { currentPassword: 'harbor-demo-2026', newPassword: 'buyers-new-pass' } });
    expect(ok.statusCode).toBe(200);
    await signIn(t.app, 'buyer@harbor.test', 'buyers-new-pass');
  });

  it('changes the e-mail with the current password and verifies the new address', async () => {
    const s = await signIn(t.app, 'buyer@harbor.test', 'buyers-new-pass');
    const headers = { authorization: `Bearer ${s.access_token}` };
    const taken = await t.app.inject({ method: 'POST', url: '/api/users/me/email', headers, payload: { email: 'seller@harbor.test', currentPassword: 'buyers-new-pass' } });
    expect(taken.statusCode).toBe(409);
    const wrongPw = await t.app.inject({ method: 'POST', url: '/api/users/me/email', headers, payload: { email: 'bruno@agency.fi', currentPassword: 'x' } });
    expect(wrongPw.statusCode).toBe(403);
    const changed = await t.app.inject({ method: 'POST', url: '/api/users/me/email', headers, payload: { email: 'Bruno@Agency.fi', currentPassword: 'buyers-new-pass' } });
    expect(changed.statusCode).toBe(200);
    expect(json(changed)).toMatchObject({ email: 'bruno@agency.fi', emailVerified: false });
    const token = await lastMailToken(t, 'bruno@agency.fi');
    const bad = await t.app.inject({ method: 'POST', url: '/api/users/verify-email', headers, payload: { verificationToken: 'forged' } });
    expect(bad.statusCode).toBe(400);
    const verified = await t.app.inject({ method: 'POST', url: '/api/users/verify-email', headers, payload: { verificationToken: token } });
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toMatchObject({ emailVerified: true });
  });

  it('sends at most five verification e-mails a day', async () => {
    const s = await signIn(t.app, 'operator@harbor.test');
    const headers = { authorization: `Bearer ${s.access_token}` };
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/me/verification-email', headers });
      expect(res.statusCode, `mail ${i + 1}`).toBe(200);
    }
    const sixth = await t.app.inject({ method: 'POST', url: '/api/users/me/verification-email', headers });
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth)).toMatchObject({ apiErrors: [{ code: 'email-too-many-verification-requests' }] });
  });

  it('takes feedback from anyone and lists the outbox to the operator', async () => {
    const fb = await t.app.inject({
      method: 'POST',
      url: '/api/users/service-request',
      payload: { email: 'visitor@example.com', subject: 'Map', content: 'Lovely map.', tag: 'feedback' },
    });
    expect(fb.statusCode).toBe(200);
    const op = await signIn(t.app, 'operator@harbor.test');
    const box = await t.app.inject({ method: 'GET', url: '/api/operator/outbox', headers: { authorization: `Bearer ${op.access_token}` } });
    const subjects = json<{ data: { subject: string }[] }>(box).data.map((m) => m.subject);
    expect(subjects).toContain('Feedback: Map');
  });
});

describe('password change and reset leave other sessions alive', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => {
    vi.useRealTimers();
    return t.close();
  });

  const me = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/harbor/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken } });
  const tokensOf = async (cookie: string) =>
    json<{ access_token: string; refresh_token: string }>(await t.app.inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie } }));
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/password-reset', payload: { email: 'seller@harbor.test', passwordResetToken: token, newPassword } });
  const recover = async () => {
    await t.app.inject({ method: 'POST', url: '/api/users/password-recovery', payload: { email: 'seller@harbor.test' } });
    return lastMailToken(t, 'seller@harbor.test');
  };

  it('a change revokes every other session and family; the one that made it stays', async () => {
    const here = await signIn(t.app, 'seller@harbor.test');
    const otherTab = await tokensOf(here.cookie); // same browser session, another family
    const elsewhere = await signIn(t.app, 'seller@harbor.test');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { authorization: `Bearer ${here.access_token}` },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'changed-secret-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(here.access_token)).statusCode).toBe(200);
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
    expect((await me(otherTab.access_token)).statusCode).toBe(401);
    expect((await refresh(otherTab.refresh_token)).statusCode).toBe(400);
    expect((await me(elsewhere.access_token)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(400);
    const elsewhereCookie = await t.app.inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie: elsewhere.cookie } });
    expect(elsewhereCookie.statusCode).toBe(401);
  });

  it('a reset revokes every session; its link works once, only the newest link works, and for one hour', async () => {
    const signedIn = await signIn(t.app, 'seller@harbor.test', 'changed-secret-1');
    const older = await recover();
    const newer = await recover();
    expect(json(await reset(older, 'changed-secret-2'))).toEqual({ apiErrors: [{ code: 'invalid-token', status: 400, meta: {} }] });
    expect((await reset(newer, 'changed-secret-2')).statusCode).toBe(200);
    expect((await reset(newer, 'changed-secret-3')).statusCode).toBe(400);
    expect((await me(signedIn.access_token)).statusCode).toBe(401);
    expect((await refresh(signedIn.refresh_token)).statusCode).toBe(400);
    await signIn(t.app, 'seller@harbor.test', 'changed-secret-2');

    const late = await recover();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    expect(json(await reset(late, 'changed-secret-4'))).toEqual({ apiErrors: [{ code: 'invalid-token', status: 400, meta: {} }] });
    vi.useRealTimers();
    expect((await reset(late, 'changed-secret-4')).statusCode).toBe(200);
  });

  it('a password change also ends reset links sent before it', async () => {
    const pending = await recover();
    const s = await signIn(t.app, 'seller@harbor.test', 'changed-secret-4');
    await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { authorization: `Bearer ${s.access_token}` },
      payload: { currentPassword: 'changed-secret-4', newPassword: 'changed-secret-5' },
    });
    expect((await reset(pending, 'changed-secret-6')).statusCode).toBe(400);
  });
});
