import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/index.ts';
import { drainBatches, startRelayLoop } from '../../lib/relay.ts';
import { outbox } from './notifications.schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Keeps the mail in the outbox and sends it: for mail that belongs to no transaction. */
  send(mail: Mail): Promise<void>;
  /** Writes the outbox row inside the caller's transaction; deliver it after the commit (or leave it to the relay). */
  queue(tx: Tx, mail: Mail): Promise<string>;
  /** Sends an outbox row over SMTP (when configured) and marks it sent. */
  deliver(id: string): Promise<void>;
  /** Sends every outbox row waiting for SMTP (new ones and retries that are due); how many went. Nothing without SMTP_URL. */
  flush(now?: Date): Promise<number>;
  /** Runs `flush` every `intervalMs` until the returned stop function (which waits for a running flush). */
  startRelay(intervalMs: number): () => Promise<void>;
}

/** After this many failed attempts a mail stays in the outbox with its error, for the operator console. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a sender holds a claimed row; a sender that died mid-send loses it after this. */
const CLAIM_MS = 2 * 60_000;
/** The relay looks this far back: turning SMTP on later does not mail out an old development outbox. */
const RELAY_WINDOW_MS = 24 * 3600_000;
const RELAY_BATCH = 20;

/** The wait after the n-th failed attempt: 1, 2, 4, ... 60 minutes. */
export const mailRetryDelayMs = (attempts: number) => Math.min(2 ** Math.max(attempts - 1, 0), 60) * 60_000;

/**
 * Writes each mail to the outbox table, then sends it over SMTP when SMTP_URL
 * is set. Without SMTP the log prints it and the operator console lists it.
 * Sending claims the row first (claimedUntil), so the sender right after a
 * commit and the relay never send one row twice; a failed send is kept with
 * its error and retried by the relay rather than failing the user's request.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, opts: { smtpUrl?: string; from: string }): Mailer {
  // Bounded waits: a dead SMTP server must not hold a claim (or a caller) for minutes.
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })
    : null;

  const queue = async (tx: Tx, mail: Mail) => {
    const [row] = await tx.insert(outbox).values(mail).returning({ id: outbox.id });
    return row!.id;
  };

  /** Claims unsent rows that nobody holds and that are due (FOR UPDATE SKIP LOCKED: several servers may share one PostgreSQL). */
  const claim = async (now: Date, filter: SQL, limit: number) => {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          filter,
          isNull(outbox.sentAt),
          lt(outbox.attempts, MAIL_MAX_ATTEMPTS),
          or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning();
  };

  const sendClaimed = async (mail: typeof outbox.$inferSelect) => {
    try {
      await transport!.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      await db.update(outbox).set({ sentAt: new Date(), error: null, claimedUntil: null }).where(eq(outbox.id, mail.id));
      return true;
    } catch (err) {
      const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
      log.error({ err, to: mail.to, attempts: mail.attempts }, last ? 'mail sending failed for good; kept in outbox' : 'mail sending failed; will retry');
      const retryAt = new Date(Date.now() + mailRetryDelayMs(mail.attempts));
      await db.update(outbox).set({ error: String(err), claimedUntil: retryAt }).where(eq(outbox.id, mail.id));
      return false;
    }
  };

  const deliver = async (id: string) => {
    if (!transport) {
      const [mail] = await db.select().from(outbox).where(eq(outbox.id, id));
      if (mail) log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in outbox (no SMTP_URL)');
      return;
    }
    const [mail] = await claim(new Date(), eq(outbox.id, id), 1);
    if (mail) await sendClaimed(mail);
  };

  const flush = async (now = new Date()) => {
    if (!transport) return 0;
    const recent = gt(outbox.createdAt, new Date(now.getTime() - RELAY_WINDOW_MS));
    return drainBatches(() => claim(now, recent, RELAY_BATCH), sendClaimed, RELAY_BATCH);
  };

  return {
    queue,
    deliver,
    flush,
    async send(mail) {
      await deliver(await queue(db, mail));
    },
    startRelay(intervalMs) {
      return startRelayLoop(flush, intervalMs, (err) => log.error({ err }, 'mail relay failed'), () => Boolean(transport));
    },
  };
}

/**
 * One transaction whose mails are outbox rows of that same transaction: the
 * change and its e-mail commit together or not at all. Mails go out after the
 * commit; a rolled-back transaction sends nothing.
 */
export async function withMail<T>(
  deps: { db: Db; mailer: Mailer },
  work: (tx: Tx, queueMail: (mail: Mail) => Promise<void>) => Promise<T>,
): Promise<T> {
  const queued: string[] = [];
  const result = await deps.db.transaction((tx) =>
    work(tx, async (mail) => {
      queued.push(await deps.mailer.queue(tx, mail));
    }),
  );
  for (const id of queued) await deps.mailer.deliver(id);
  return result;
}
