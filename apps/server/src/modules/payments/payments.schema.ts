import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { transactions } from '../transactions/transactions.schema.ts';
import { users } from '../users/users.schema.ts';
import type { PayoutAccountData } from './payment-provider.ts';

export * from './local/local.schema.ts';

/**
 * Harbor's side of payments, whatever the provider: which provider account
 * belongs to which user, the checkout session of each online order, the
 * webhook events already applied, and the provider calls still to make.
 */

/** A seller's connected payout account; `data` is the provider's last answer, shown on the payout page. */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  provider: text('provider').$type<'local' | 'stripe'>().notNull(),
  accountId: text('account_id').notNull().unique(),
  data: jsonb('data').$type<PayoutAccountData>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A buyer's customer record at the provider (saved cards hang on it). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').$type<'local' | 'stripe'>().notNull(),
    customerId: text('customer_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** The checkout sessions of online orders; the newest open one of a transaction is reused until it lapses. */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    sessionId: text('session_id').primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    provider: text('provider').$type<'local' | 'stripe'>().notNull(),
    url: text('url').notNull(),
    status: text('status').$type<'open' | 'paid' | 'expired'>().notNull().default('open'),
    paymentIntentId: text('payment_intent_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_checkouts_tx_idx').on(t.transactionId, t.createdAt)],
);

/** Webhook events applied, by the provider's event id: a redelivered event finds its row and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type PaymentActionKind = 'refund' | 'payout' | 'expire-session';

/**
 * Provider calls a state change needs (refund a cancelled paid order, pay out
 * a completed one, end a lapsed session), written in the same database
 * transaction as the change and made afterwards by the payments relay, with
 * the row id as the idempotency key, so a crash between the two loses
 * nothing and a retry never pays twice.
 */
export const paymentActions = pgTable(
  'payment_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<PaymentActionKind>().notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Claimed by a relay until then, or the next retry after a failure. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_actions_pending_idx').on(t.createdAt).where(sql`state = 'pending'`),
    // One action of a kind per transaction: a repeated cancel or completion does not refund or pay twice.
    uniqueIndex('payment_actions_tx_kind_idx').on(t.transactionId, t.kind),
  ],
);
