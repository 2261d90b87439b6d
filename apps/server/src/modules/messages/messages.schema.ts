import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { transactions } from '../transactions/transactions.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * One message of a transaction's thread. `seq` orders the thread (two
 * messages of one millisecond keep the order they were written in) and is
 * what a reader's marker points at.
 */
export const transactionMessages = pgTable(
  'transaction_messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().unique().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transaction_messages_thread_idx').on(t.transactionId, t.seq)],
);
export type MessageRow = typeof transactionMessages.$inferSelect;

/** How far each person has read each thread: messages after `lastReadSeq` from someone else are unread. */
export const transactionMessageReads = pgTable(
  'transaction_message_reads',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.userId] })],
);
