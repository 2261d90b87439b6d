import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { KnowledgeJson, LearnedVoyage } from './knowledge.ts';

/**
 * What the predictor learned from the live feed (where each ship went next from each port,
 * dwell times, how the crews' ETAs fared), kept across restarts. One row per learner
 * (`live`); written every few minutes when something changed. The past voyages with their
 * tracks, the bulk of it, are rows of `eta_voyages` (a row written before them may still hold
 * some in `data.voyages`).
 */
export const etaKnowledge = pgTable('eta_knowledge', {
  key: text('key').primaryKey(),
  data: jsonb('data').$type<KnowledgeJson>().notNull(),
  voyages: integer('voyages').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The past voyages a learner keeps, one row each: inserted once when learned, deleted when the
 * learner's caps drop them, so a save writes what changed instead of every track again
 * (8.5 MB of JSON after 90 simulated days).
 */
export const etaVoyages = pgTable(
  'eta_voyages',
  {
    key: text('key').notNull(),
    id: integer('id').notNull(),
    data: jsonb('data').$type<LearnedVoyage>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.id] })],
);
