import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { KnowledgeJson } from './knowledge.ts';

/**
 * What the predictor learned from the live feed (past voyages with their tracks, where each
 * ship went next from each port, dwell times, how the crews' ETAs fared), kept across
 * restarts. One row per learner (`live`); written every few minutes when something changed.
 */
export const etaKnowledge = pgTable('eta_knowledge', {
  key: text('key').primaryKey(),
  data: jsonb('data').$type<KnowledgeJson>().notNull(),
  voyages: integer('voyages').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
