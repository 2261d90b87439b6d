import { date, doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The European Central Bank's euro reference rates, one row per day and
 * currency: `rate` units of the currency per 1 EUR. The daily cache of the
 * forex adapter and the history the reports convert at (the rate of an
 * order's day); several servers sharing one PostgreSQL share it, and the
 * newest `fetched_at` of source `ecb` says when the ECB was last read.
 */
export const forexRates = pgTable(
  'forex_rates',
  {
    date: date('date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    rate: doublePrecision('rate').notNull(),
    /** `ecb` (fetched) or `snapshot` (the ECB file shipped with the product, loaded when nothing else is known). */
    source: text('source', { enum: ['ecb', 'snapshot'] }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.date, t.currency] })],
);
