import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { ReviewType } from '@harbor/contracts';
import { listings } from '../listings/listings.schema.ts';
import { transactions } from '../transactions/transactions.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * One review written by a review transition, in the transition's own database
 * transaction. Whether it is public is the transaction's state (reviewed:
 * both sides wrote theirs, or the period lapsed), read at query time, so the
 * timer that closes the period needs to touch nothing here.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    type: text('type').$type<ReviewType>().notNull(),
    rating: integer('rating').notNull(),
    content: text('content').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    /** Whom it is about: the provider for ofProvider, the customer for ofCustomer. */
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One review per side and transaction, whatever the engine's own check lets through.
    unique('reviews_transaction_type_key').on(t.transactionId, t.type),
    index('reviews_listing_idx').on(t.listingId, t.createdAt),
    index('reviews_subject_idx').on(t.subjectId, t.createdAt),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;
