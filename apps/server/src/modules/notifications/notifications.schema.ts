import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every e-mail lands here first; with SMTP_URL it is also sent and marked. Nothing is lost in dev. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});
