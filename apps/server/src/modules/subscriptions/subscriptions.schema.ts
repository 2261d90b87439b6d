import { bigserial, doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OrderLineBody, SubscriptionCycleFailure, SubscriptionRole, SubscriptionSchedule, SubscriptionStatus } from '@harbor/contracts';
import { listings } from '../listings/listings.schema.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { transactions } from '../transactions/transactions.schema.ts';
import { users } from '../users/users.schema.ts';

/** What each cycle's order repeats of the cart line the subscription was made from. */
export interface SubscriptionLine {
  quantity: number;
  deliveryMethod: OrderLineBody['deliveryMethod'];
  deliveryAddress: OrderLineBody['deliveryAddress'] | null;
  deliveryNotes: string | null;
  /** The booked length of the line (end minus start), repeated from each cycle's start. */
  durationMs: number;
  cartName: string;
  shipName: string;
  shipImo: number | null;
  portCallId: string | null;
  portName: string | null;
}

/**
 * A recurring order: one listing, one buyer organization (and the buyer who
 * made it, in whose name each cycle orders), one seller organization. The
 * schedule is in the port's time zone, fixed when it was made.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('pending'),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id),
    sellerOrgId: uuid('seller_org_id')
      .notNull()
      .references(() => organizations.id),
    schedule: jsonb('schedule').$type<SubscriptionSchedule>().notNull(),
    timeZone: text('time_zone').notNull(),
    port: text('port'),
    line: jsonb('line').$type<SubscriptionLine>().notNull(),
    quantity: doublePrecision('quantity').notNull(),
    /** One cycle's price when it was made (minor units). */
    cycleAmount: doublePrecision('cycle_amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_buyer_org_idx').on(t.buyerOrgId, t.createdAt), index('subscriptions_seller_org_idx').on(t.sellerOrgId, t.createdAt)],
);

/** Every status change with its message: the history both parties read. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    message: text('message'),
    by: text('by').$type<SubscriptionRole>().notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId, t.seq)],
);

/**
 * One run of a cycle. The primary key (subscription, local cycle date) is the
 * idempotency key: a cycle that a restarted server or a second server would
 * run again finds its row and does nothing.
 */
export const subscriptionCycles = pgTable(
  'subscription_cycles',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    cycleDate: text('cycle_date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    state: text('state').$type<'ordered' | 'failed'>().notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    failure: text('failure').$type<SubscriptionCycleFailure>(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.cycleDate] })],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionCycleRow = typeof subscriptionCycles.$inferSelect;
