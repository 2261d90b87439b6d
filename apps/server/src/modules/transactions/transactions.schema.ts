import { sql } from 'drizzle-orm';
import { bigint, bigserial, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LineItem, ProcessActor, ProcessAlias, TransactionProtectedData, TransactionState, TransitionName } from '@harbor/contracts';
import { listings } from '../listings/listings.schema.ts';
import { users } from '../users/users.schema.ts';

/** A review recorded by a review transition (the reviews module reads these later). */
export interface StoredReview {
  type: 'ofProvider' | 'ofCustomer';
  rating: number;
  content: string;
  authorId: string;
  createdAt: string;
}

/**
 * One placed cart line moving along its process graph. The state is the
 * graph's; `stockReserved` is what the transaction holds of the listing's
 * stock right now (0 once released), so at any moment a listing's
 * current_stock plus the reservations of its transactions is the seller's total.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    processAlias: text('process_alias').$type<ProcessAlias>().notNull(),
    processVersion: integer('process_version').notNull(),
    state: text('state').$type<TransactionState>().notNull(),
    lastTransition: text('last_transition').$type<TransitionName>().notNull(),
    lastTransitionedAt: timestamp('last_transitioned_at', { withTimezone: true }).notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    quantity: doublePrecision('quantity').notNull(),
    stockReserved: integer('stock_reserved').notNull().default(0),
    bookingStart: timestamp('booking_start', { withTimezone: true }).notNull(),
    bookingEnd: timestamp('booking_end', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    lineItems: jsonb('line_items').$type<LineItem[]>().notNull(),
    payinTotal: bigint('payin_total', { mode: 'number' }).notNull(),
    payoutTotal: bigint('payout_total', { mode: 'number' }).notNull(),
    protectedData: jsonb('protected_data').$type<TransactionProtectedData>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    reviews: jsonb('reviews').$type<StoredReview[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The transaction's own fields of its orders-list row, as JSON text (transactions.page.ts
     * `ownFields`), written after each change so a list need not build them again. Triggers
     * (migration 0023) set it to NULL whenever anything else in the row or in its transitions
     * changes, and a NULL is built in the list's statement: it can be missing, never stale.
     */
    ownJson: text('own_json'),
  },
  (t) => [
    index('transactions_customer_idx').on(t.customerId, t.createdAt),
    index('transactions_provider_idx').on(t.providerId, t.createdAt),
    index('transactions_provider_last_idx').on(t.providerId, t.lastTransition, t.lastTransitionedAt),
    // Bookings that still hold their time: the availability check reads these.
    index('transactions_booking_idx')
      .on(t.listingId, t.bookingStart, t.bookingEnd)
      .where(sql`state not in ('declined', 'cancelled')`),
  ],
);

/** Every transition a transaction took, in order: who (by role), which, when, with which parameters. */
export const transactionTransitions = pgTable(
  'transaction_transitions',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    transition: text('transition').$type<TransitionName>().notNull(),
    by: text('by').$type<ProcessActor>().notNull(),
    /** The person who took it; null for the system (timers). */
    actorId: uuid('actor_id'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('transaction_transitions_tx_idx').on(t.transactionId, t.seq)],
);

/**
 * Idempotency-Key of a placing call -> the transaction it made. Written in the
 * same database transaction as the order, before it, so a concurrent retry
 * waits on the key and then answers the first result.
 */
export const transactionIdempotencyKeys = pgTable(
  'transaction_idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    /** SHA-256 of the request body: the same key with another body is a client bug, refused rather than answered with the wrong order. */
    requestHash: text('request_hash').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type TransactionRow = typeof transactions.$inferSelect;
export type TransitionRow = typeof transactionTransitions.$inferSelect;
