import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { outbox } from '../notifications/index.ts';
import { users } from '../users/users.schema.ts';

describe('operator reject is not atomic', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp();
    headers = { authorization: `Bearer ${(await signIn(t.app, 'operator@harbor.test')).access_token}` };
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        firstName: 'Reija',
        lastName: 'Rejected',
        email: 'reija@example.fi',
        password: 'reija-password',
        phone: '+358 40 111 2222',
        companyName: 'Reija Oy',
        businessId: '1234567-8',
        webAddress: 'reija.fi',
        defaultPort: 'FIHEL',
        roles: ['Buyer'],
      },
    });
    id = json<{ id: string }>(reg).id;
  });
  afterAll(() => t.close());

  const reject = (reason: string) =>
    t.app.inject({ method: 'POST', url: `/api/operator/users/${id}/reject`, headers, payload: { reason } });
  const statusOf = async () => (await t.ctx.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]!.status;
  const rejectionMails = () => t.ctx.db.select().from(outbox).where(eq(outbox.to, 'reija@example.fi')).then((m) => m.filter((x) => x.subject === 'Your Harbor registration'));

  it('refuses a reason with a NUL as a validation error and changes nothing', async () => {
    const res = await reject('bad\u0000reason');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params', meta: { invalidParams: [{ path: 'body.reason' }] } }] });
    expect(await statusOf()).toBe('pending');
    expect(await rejectionMails()).toHaveLength(0);
  });

  it('commits the decision and its e-mail together or not at all', async () => {
    // The outbox refuses this mail: the decision must roll back with it.
    await t.ctx.db.execute(sql`ALTER TABLE outbox ADD CONSTRAINT outbox_fault CHECK (subject <> 'Your Harbor registration')`);
    const failed = await reject('Business id does not match.');
    expect(failed.statusCode).toBe(500);
    expect(json(failed)).toEqual({ apiErrors: [{ code: 'internal-error', status: 500, meta: {} }] });
    expect(await statusOf()).toBe('pending');
    expect(await rejectionMails()).toHaveLength(0);

    await t.ctx.db.execute(sql`ALTER TABLE outbox DROP CONSTRAINT outbox_fault`);
    const ok = await reject('Business id does not match.');
    expect(ok.statusCode).toBe(200);
    expect(await statusOf()).toBe('rejected');
    const mails = await rejectionMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Business id does not match.');
  });
});
