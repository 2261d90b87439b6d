import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '@harbor/contracts';
import type { Tx } from '../../db/index.ts';
import { users } from '../users/users.schema.ts';
import { auditLog, type AuditInsert } from './audit.schema.ts';

export async function insertEntry(tx: Tx, values: AuditInsert) {
  await tx.insert(auditLog).values(values);
}

/** Newest first; the actor's name fields come along so the list needs no second query. */
export async function pageEntries(db: Tx, q: { action?: AuditAction; targetId?: string; page: number; perPage: number }) {
  const where: SQL | undefined = and(q.action ? eq(auditLog.action, q.action) : undefined, q.targetId ? eq(auditLog.targetId, q.targetId) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actor: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, banned: users.banned, deleted: users.deleted },
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A deleted user's name and e-mail leave the labels of the entries about them. */
export async function relabelTarget(tx: Tx, targetType: AuditTargetType, targetId: string, label: string | null) {
  await tx
    .update(auditLog)
    .set({ targetLabel: label })
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)));
}
