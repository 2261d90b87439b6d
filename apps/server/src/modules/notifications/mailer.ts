import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/index.ts';
import { outbox } from './notifications.schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Keeps the mail in the outbox and sends it: for mail that belongs to no transaction. */
  send(mail: Mail): Promise<void>;
  /** Writes the outbox row inside the caller's transaction; deliver it after the commit. */
  queue(tx: Tx, mail: Mail): Promise<string>;
  /** Sends an outbox row over SMTP (when configured) and marks it sent. */
  deliver(id: string): Promise<void>;
}

/**
 * Writes each mail to the outbox table, then sends it over SMTP when SMTP_URL
 * is set. Without SMTP the log prints it and the operator console lists it.
 * A failed send is kept with its error rather than failing the user's request.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, opts: { smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const queue = async (tx: Tx, mail: Mail) => {
    const [row] = await tx.insert(outbox).values(mail).returning({ id: outbox.id });
    return row!.id;
  };
  const deliver = async (id: string) => {
    const [mail] = await db.select().from(outbox).where(eq(outbox.id, id));
    if (!mail || mail.sentAt) return;
    if (!transport) {
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in outbox (no SMTP_URL)');
      return;
    }
    try {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
    } catch (err) {
      log.error({ err, to: mail.to }, 'mail sending failed; kept in outbox');
      await db.update(outbox).set({ error: String(err) }).where(eq(outbox.id, id));
    }
  };
  return {
    queue,
    deliver,
    async send(mail) {
      await deliver(await queue(db, mail));
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
