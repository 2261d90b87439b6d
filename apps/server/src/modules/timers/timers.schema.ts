import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The one durable timer table of the server. A row survives restarts; the
 * runner claims due pending rows with FOR UPDATE SKIP LOCKED, so several
 * server processes on one PostgreSQL never run a timer twice. Done and failed
 * rows are kept for inspection.
 */
export const timers = pgTable(
  'timers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What to do, e.g. `listing-activate`; one registered handler per kind. */
    kind: text('kind').notNull(),
    /** What it is about, e.g. a listing or transaction id; at most one pending timer per kind and key. */
    key: text('key').notNull(),
    /** When it may run next (moved later by the retry backoff). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('timers_due_idx').on(t.dueAt).where(sql`state = 'pending'`),
    // Key first: the same index serves the (kind, key) uniqueness and cancelling all kinds of a key.
    uniqueIndex('timers_pending_key_kind_idx').on(t.key, t.kind).where(sql`state = 'pending'`),
  ],
);

export type TimerRow = typeof timers.$inferSelect;
