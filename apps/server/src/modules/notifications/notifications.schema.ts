import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every e-mail lands here first; with SMTP_URL it is also sent and marked. Nothing is lost in dev. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** Sending attempts so far; the relay gives up after MAIL_MAX_ATTEMPTS. */
    attempts: integer('attempts').notNull().default(0),
    /** Claimed by a sender until then (a crashed sender's claim lapses), or the next retry after a failure. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [index('outbox_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);
