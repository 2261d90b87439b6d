import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AttachmentKind } from '@harbor/contracts';
import { transactions } from '../transactions/transactions.schema.ts';
import { users } from '../users/users.schema.ts';

/** A file attached to a transaction; its bytes live in the attachment store under `storageKey`. */
export const transactionAttachments = pgTable(
  'transaction_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id),
    /** The uploader's file name, cleaned (no path, no control characters); the download name. */
    name: text('name').notNull(),
    kind: text('kind').$type<AttachmentKind>().notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transaction_attachments_tx_idx').on(t.transactionId, t.createdAt)],
);
export type AttachmentRow = typeof transactionAttachments.$inferSelect;
