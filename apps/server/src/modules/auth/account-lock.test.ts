import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { translate } from '@harbor/i18n';
import { createTestApp, DEMO_PASSWORD, json, type TestApp } from '../../test/harness.ts';
import { outbox } from '../notifications/index.ts';

describe('anyone can lock any account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email, password }, remoteAddress });
  const lockMails = (to: string) =>
    t.ctx.db.select().from(outbox).where(and(eq(outbox.to, to), like(outbox.subject, '%blocked%')));

  it('locks only the address that failed; the owner signs in from elsewhere and is mailed a reset link that unlocks', async () => {
    const attacker = '203.0.113.5';
    for (let i = 1; i <= 5; i++) {
      const res = await login('buyer@harbor.test', 'guess-' + i, attacker);
      expect(res.statusCode, `attempt ${i}`).toBe(401);
      expect(json(res)).toMatchObject({ apiErrors: [{ code: 'invalid-credentials', meta: { attemptsLeft: 5 - i } }] });
    }
    // The spec's rule still holds for that address, even with the right password.
    const locked = await login('buyer@harbor.test', DEMO_PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(json(locked)).toEqual({ apiErrors: [{ code: 'too-many-login-attempts', status: 429, meta: {} }] });
    expect(translate('fi', 'errors', 'too-many-login-attempts')).toContain('enintään 5 kertaa päivässä');

    // The owner, elsewhere, is not locked out.
    const owner = await login('buyer@harbor.test', DEMO_PASSWORD, '198.51.100.7');
    expect(owner.statusCode).toBe(200);

    // The owner heard about it once, with a reset link; a second locked address the same day sends nothing more.
    const mails = await lockMails('buyer@harbor.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(attacker);
    for (let i = 1; i <= 5; i++) await login('buyer@harbor.test', 'guess-' + i, '203.0.113.6');
    expect(await lockMails('buyer@harbor.test')).toHaveLength(1);

    // The link sets a new password and lifts every lock.
    const token = /reset-password\?t=([\w-]+)/.exec(mails[0]!.text)?.[1];
    expect(token).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/password-reset',
      payload: { email: 'buyer@harbor.test', passwordResetToken: token, newPassword: 'after-the-lock' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('buyer@harbor.test', 'after-the-lock', attacker)).statusCode).toBe(200);
    expect((await login('buyer@harbor.test', 'after-the-lock', '203.0.113.6')).statusCode).toBe(200);
  });

  it('counts unknown addresses the same way, so the lock tells nothing about which accounts exist', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await login('nobody@harbor.test', 'guess', '203.0.113.7');
      expect(json(res)).toMatchObject({ apiErrors: [{ code: 'invalid-credentials', meta: { attemptsLeft: 5 - i } }] });
    }
    const sixth = await login('nobody@harbor.test', 'guess', '203.0.113.7');
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth)).toEqual({ apiErrors: [{ code: 'too-many-login-attempts', status: 429, meta: {} }] });
    expect(await lockMails('nobody@harbor.test')).toHaveLength(0);
  });
});
