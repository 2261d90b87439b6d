import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createMailer, mailRetryDelayMs, outbox } from './index.ts';

/** An SMTP server that refuses the first `refusals` mails with a temporary error, then accepts. */
async function flakySmtp(refusals: number) {
  const accepted: string[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      stream.resume();
      stream.on('end', () => {
        if (refused < refusals) {
          refused++;
          const err = Object.assign(new Error('try again later'), { responseCode: 451 });
          return done(err);
        }
        accepted.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { accepted, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mailer: the outbox relay', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof flakySmtp>>;

  beforeAll(async () => {
    t = await createTestApp();
    smtp = await flakySmtp(1);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const rowOf = async (id: string) => (await t.ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

  it('keeps a refused mail with its error, retries it after the back-off, and sends it once', async () => {
    const mailer = createMailer(t.ctx.db, t.ctx.log, { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Harbor <no-reply@harbor.test>' });
    const id = await t.ctx.db.transaction((tx) => mailer.queue(tx, { to: 'retry@harbor.test', subject: 'Hello', text: 'Body' }));
    await mailer.deliver(id);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed.error).toMatch(/451/);
    expect(smtp.accepted).toEqual([]);

    // Not yet due: neither the relay nor a second delivery sends it before the back-off.
    expect(await mailer.flush()).toBe(0);
    await mailer.deliver(id);
    expect(smtp.accepted).toEqual([]);

    const later = new Date(Date.now() + mailRetryDelayMs(1) + 1000);
    // Two relays at once (two servers on one database): the claim lets one of them send it.
    const sent = await Promise.all([mailer.flush(later), mailer.flush(later)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(smtp.accepted).toEqual(['retry@harbor.test']);
    expect(await rowOf(id)).toMatchObject({ error: null, attempts: 2, claimedUntil: null });
    expect((await rowOf(id)).sentAt).toBeInstanceOf(Date);
    expect(await mailer.flush(new Date(later.getTime() + 3_600_000))).toBe(0);
  });

  it('without SMTP_URL keeps mail in the outbox and the relay sends nothing', async () => {
    const mailer = createMailer(t.ctx.db, t.ctx.log, { from: 'Harbor <no-reply@harbor.test>' });
    await mailer.send({ to: 'kept@harbor.test', subject: 'Kept', text: 'Body' });
    expect(await mailer.flush()).toBe(0);
    const [kept] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'kept@harbor.test'));
    expect(kept).toMatchObject({ sentAt: null, attempts: 0, error: null });
  });
});
