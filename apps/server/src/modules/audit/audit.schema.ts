import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@harbor/contracts';
import { users } from '../users/users.schema.ts';

/**
 * Every operator action: who, when, what, on which target and why. Written in
 * the same database transaction as the action, so an action that rolls back
 * leaves no row and a committed one always has its row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null only if the acting account row is ever removed outright (deletion keeps it, anonymised). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The target's name at the time, so the list reads without joining every module; a user deletion clears it. */
    targetLabel: text('target_label'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = typeof auditLog.$inferInsert;
