import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import { outbox } from './notifications.schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Writes each mail to the outbox table, then sends it over SMTP when SMTP_URL
 * is set. Without SMTP the log prints it and the operator console lists it.
 * A failed send is kept with its error rather than failing the user's request.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, opts: { smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row!.id));
      } catch (err) {
        log.error({ err, to: mail.to }, 'mail sending failed; kept in outbox');
        await db.update(outbox).set({ error: String(err) }).where(eq(outbox.id, row!.id));
      }
    },
  };
}
