import { and, asc, count, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { timers, type TimerRow } from './timers.schema.ts';

const pending = eq(timers.state, 'pending');

/** Inserts a pending timer, or moves the pending one of the same kind and key (a fresh schedule: attempts start over). */
export async function upsertPending(db: Tx, t: { kind: string; key: string; dueAt: Date; payload: Record<string, unknown> }) {
  const now = new Date();
  await db
    .insert(timers)
    .values({ ...t, state: 'pending', createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [timers.key, timers.kind],
      targetWhere: sql`state = 'pending'`,
      set: { dueAt: t.dueAt, payload: t.payload, attempts: 0, lastError: null, updatedAt: now },
    });
}

/** Cancelled timers are deleted: only done and failed rows are kept for inspection. */
export async function deletePending(db: Tx, key: string, kind?: string) {
  await db.delete(timers).where(and(pending, eq(timers.key, key), kind === undefined ? undefined : eq(timers.kind, kind)));
}

export function findPending(db: Tx, key: string, kind?: string): Promise<TimerRow[]> {
  return db
    .select()
    .from(timers)
    .where(and(pending, eq(timers.key, key), kind === undefined ? undefined : eq(timers.kind, kind)));
}

/**
 * Locks the earliest due pending timer of the given kinds for the rest of the
 * transaction. SKIP LOCKED: a timer another process holds is passed over,
 * never waited for and never run twice; so are the ids in `passOver` (this
 * batch's busy ones).
 */
export async function claimNext(db: Tx, now: Date, kinds: string[], passOver: string[] = []): Promise<TimerRow | undefined> {
  const [row] = await db
    .select()
    .from(timers)
    .where(and(pending, lte(timers.dueAt, now), inArray(timers.kind, kinds), passOver.length ? notInArray(timers.id, passOver) : undefined))
    .orderBy(asc(timers.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Due pending timers whose kind has no handler, counted per kind. */
export function dueWithoutHandler(db: Tx, now: Date, kinds: string[]) {
  return db
    .select({ kind: timers.kind, n: count() })
    .from(timers)
    .where(and(pending, lte(timers.dueAt, now), kinds.length ? notInArray(timers.kind, kinds) : undefined))
    .groupBy(timers.kind);
}

export async function markDone(db: Tx, id: string) {
  await db.update(timers).set({ state: 'done', updatedAt: new Date() }).where(eq(timers.id, id));
}

export async function markAttemptFailed(db: Tx, id: string, f: { attempts: number; dueAt: Date; error: string; failed: boolean }) {
  await db
    .update(timers)
    .set({ attempts: f.attempts, dueAt: f.dueAt, lastError: f.error, state: f.failed ? 'failed' : 'pending', updatedAt: new Date() })
    .where(eq(timers.id, id));
}
