import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, sessionCookie, signIn, type TestApp } from '../../test/harness.ts';
import { outbox } from '../notifications/index.ts';

const newUser = {
  firstName: 'Aino',
  lastName: 'Agent',
  email: 'Aino.Agent@Example.fi',
  password: 'correct horse battery',
  phone: '+358 40 765 4321',
  companyName: 'Aino Agency Oy',
  businessId: '3141592-6',
  webAddress: 'aino-agency.fi',
  defaultPort: 'FIHEL',
  roles: ['Buyer'],
};

describe('sign-up, approval and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const inject = (opts: InjectOptions) => t.app.inject(opts);

  it('runs the whole life of an account', async () => {
    const reg = await inject({ method: 'POST', url: '/api/users/register', payload: newUser });
    expect(reg.statusCode).toBe(201);
    const { id, status } = json<{ id: string; status: string }>(reg);
    expect(status).toBe('pending');

    const dup = await inject({ method: 'POST', url: '/api/users/register', payload: { ...newUser, email: 'aino.agent@example.fi' } });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toEqual({ apiErrors: [{ code: 'email-taken', status: 409, meta: {} }] });

    const pending = await inject({
      method: 'POST',
      url: '/api/auth/harbor/login',
      payload: { email: newUser.email, password: newUser.password },
    });
    expect(pending.statusCode).toBe(403);
    expect(json(pending)).toMatchObject({ apiErrors: [{ code: 'user-pending-approval', status: 403 }] });

    const op = await signIn(t.app, 'operator@harbor.test');
    const opHeaders = { authorization: `Bearer ${op.access_token}` };
    const list = await inject({ method: 'GET', url: '/api/operator/users?status=pending', headers: opHeaders });
    expect(json<{ data: { id: string }[] }>(list).data.map((u) => u.id)).toContain(id);
    const approve = await inject({ method: 'POST', url: `/api/operator/users/${id}/approve`, headers: opHeaders, payload: {} });
    expect(approve.statusCode).toBe(200);
    expect(json(approve)).toMatchObject({ status: 'approved', email: 'aino.agent@example.fi' });

    const login = await inject({
      method: 'POST',
      url: '/api/auth/harbor/login',
      payload: { email: newUser.email, password: newUser.password },
    });
    expect(login.statusCode).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure/); // plain http here; Secure under https
    const cookie = sessionCookie(login);

    const tokenRes = await inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie } });
    expect(tokenRes.statusCode).toBe(200);
    const tokens = json<{ access_token: string; refresh_token: string; expires_in: number }>(tokenRes);
    expect(tokens.expires_in).toBeGreaterThan(60);
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: id, roles: 1, scopes: ['user'] });
    expect(claims.org).toMatch(/^[0-9a-f-]{36}$/);

    const me = await inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(json(me)).toMatchObject({
      id,
      email: 'aino.agent@example.fi',
      firstName: 'Aino',
      lastName: 'Agent',
      displayName: 'Aino Agent',
      abbreviatedName: 'AA',
      emailVerified: false,
      banned: false,
      deleted: false,
      stripeConnected: false,
      roles: ['Buyer'],
      defaultPort: 'FIHEL',
      organization: { name: 'Aino Agency Oy', roles: 1 },
    });

    const refreshed = await inject({
      method: 'POST',
      url: '/api/auth/harbor/token',
      payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = json<{ access_token: string; refresh_token: string }>(refreshed);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);

    // Replaying the rotated token revokes the family: the new pair dies too.
    const reuse = await inject({
      method: 'POST',
      url: '/api/auth/harbor/token',
      payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    });
    expect(reuse.statusCode).toBe(400);
    expect(json(reuse)).toMatchObject({ apiErrors: [{ code: 'invalid-token' }] });
    const afterReuse = await inject({
      method: 'POST',
      url: '/api/auth/harbor/token',
      payload: { grant_type: 'refresh_token', refresh_token: next.refresh_token },
    });
    expect(afterReuse.statusCode).toBe(400);
    const meAfterReuse = await inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${next.access_token}` } });
    expect(meAfterReuse.statusCode).toBe(401);

    // The session itself still works: a new family, then logout ends everything.
    const fresh = json<{ access_token: string; refresh_token: string }>(
      await inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie } }),
    );
    const bearer = { authorization: `Bearer ${fresh.access_token}` };
    expect((await inject({ method: 'GET', url: '/api/users/me', headers: bearer })).statusCode).toBe(200);
    const logout = await inject({ method: 'POST', url: '/api/auth/harbor/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/harbor_session=;/);
    const refused = await inject({ method: 'GET', url: '/api/users/me', headers: bearer });
    expect(refused.statusCode).toBe(401);
    expect(json(refused)).toEqual({ apiErrors: [{ code: 'unauthorized', status: 401, meta: {} }] });
    expect((await inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie } })).statusCode).toBe(401);
    const deadRefresh = await inject({
      method: 'POST',
      url: '/api/auth/harbor/token',
      payload: { grant_type: 'refresh_token', refresh_token: fresh.refresh_token },
    });
    expect(deadRefresh.statusCode).toBe(400);
  });

  it('answers validation-invalid-params with the failing fields', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...newUser, email: 'not-an-email', password: 'short', roles: [], firstName: '   ' },
    });
    expect(res.statusCode).toBe(400);
    const err = json<{ apiErrors: { code: string; meta: { invalidParams: { path: string; message: string }[] } }[] }>(res).apiErrors[0]!;
    expect(err.code).toBe('validation-invalid-params');
    const byPath = Object.fromEntries(err.meta.invalidParams.map((p) => [p.path, p.message]));
    expect(byPath).toMatchObject({
      'body.email': 'validation.email',
      'body.password': 'validation.passwordTooShort',
      'body.roles': 'validation.rolesRequired',
      'body.firstName': 'validation.required',
    });
    const missing = await inject({ method: 'POST', url: '/api/users/register', payload: { email: 'x@y.fi' } });
    const paths = json<{ apiErrors: { meta: { invalidParams: { path: string }[] } }[] }>(missing).apiErrors[0]!.meta.invalidParams.map((p) => p.path);
    for (const f of ['firstName', 'lastName', 'password', 'phone', 'companyName', 'businessId', 'webAddress', 'defaultPort', 'roles']) {
      expect(paths).toContain(`body.${f}`);
    }
    const tooLong = await inject({ method: 'POST', url: '/api/users/register', payload: { ...newUser, email: 'long@x.fi', password: 'x'.repeat(257) } });
    expect(json(tooLong)).toMatchObject({ apiErrors: [{ meta: { invalidParams: [{ path: 'body.password', message: 'validation.passwordTooLong' }] } }] });
    const bad = await inject({ method: 'POST', url: '/api/auth/harbor/login', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params' }] });
  });

  it('locks an account after five failed sign-ins in a day', async () => {
    const wrong = { email: 'buyer@harbor.test', password: 'wrong-password' };
    for (let i = 1; i <= 5; i++) {
      const res = await inject({ method: 'POST', url: '/api/auth/harbor/login', payload: wrong });
      expect(res.statusCode, `attempt ${i}`).toBe(401);
      expect(json(res)).toMatchObject({ apiErrors: [{ code: 'invalid-credentials', meta: { attemptsLeft: 5 - i } }] });
    }
    const sixth = await inject({ method: 'POST', url: '/api/auth/harbor/login', payload: wrong });
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth)).toMatchObject({ apiErrors: [{ code: 'too-many-login-attempts', status: 429 }] });
    // Even the right password waits for the day to pass (or a reset).
    const right = await inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { ...wrong, password: 'harbor-demo-2026' } });
    expect(right.statusCode).toBe(429);
  });

  it('refuses marketplace writes to a limited-rights user', async () => {
    const limited = await signIn(t.app, 'limited@harbor.test');
    const headers = { authorization: `Bearer ${limited.access_token}` };
    const me = await inject({ method: 'GET', url: '/api/users/me', headers });
    expect(json(me)).toMatchObject({ scopes: ['limited'] });
    const write = await inject({ method: 'PATCH', url: '/api/users/me', headers, payload: { bio: 'hello' } });
    expect(write.statusCode).toBe(403);
    expect(json(write)).toMatchObject({ apiErrors: [{ code: 'forbidden', status: 403 }] });
    const seller = await signIn(t.app, 'seller@harbor.test');
    const ok = await inject({ method: 'PATCH', url: '/api/users/me', headers: { authorization: `Bearer ${seller.access_token}` }, payload: { bio: 'We moor ships.' } });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ bio: 'We moor ships.' });
  });

  it('keeps operator routes for operators', async () => {
    const buyer = await signIn(t.app, 'seller@harbor.test');
    const res = await inject({ method: 'GET', url: '/api/operator/users', headers: { authorization: `Bearer ${buyer.access_token}` } });
    expect(res.statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/operator/users' })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
  });

  it('serves the hosted sign-in page and its form login', async () => {
    const page = await inject({ method: 'GET', url: '/api/auth/harbor?return_to=/map' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('action="/api/auth/harbor/login"');
    const form = await inject({
      method: 'POST',
      url: '/api/auth/harbor/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=seller%40harbor.test&password=harbor-demo-2026&return_to=%2Fmap',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/map');
    const badForm = await inject({
      method: 'POST',
      url: '/api/auth/harbor/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=seller%40harbor.test&password=nope&return_to=%2F%2Fevil.example',
    });
    expect(badForm.statusCode).toBe(401);
    expect(badForm.body).toContain('do not match');
    expect(badForm.body).toContain('value="/"');
  });

  it('mails a verification link on sign-up', async () => {
    const mails = await t.ctx.db.select().from(outbox);
    expect(mails.some((m) => m.to === 'aino.agent@example.fi' && /verify-email\?t=/.test(m.text))).toBe(true);
    expect(mails.some((m) => m.to === 'operator@harbor.test' && m.subject.includes('waiting for approval'))).toBe(true);
  });
});
