import { pageMeta, type AuditAction, type AuditPage, type AuditQuery, type AuditTargetType } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { displayName } from '../users/index.ts';
import * as repo from './audit.repository.ts';

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  targetLabel?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records an operator action. Takes the action's own transaction (never the
 * plain database handle by habit): the row commits or rolls back with the action.
 */
export async function recordAudit(tx: Tx, r: AuditRecord) {
  await repo.insertEntry(tx, {
    actorId: r.actorId,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    targetLabel: r.targetLabel ?? null,
    reason: r.reason?.trim() ? r.reason.trim() : null,
    details: r.details ?? {},
  });
}

/** Clears the personal data a deleted user's audit labels carried. */
export async function forgetTargetLabel(tx: Tx, targetType: AuditTargetType, targetId: string, label: string | null) {
  await repo.relabelTarget(tx, targetType, targetId, label);
}

export async function listAudit(ctx: AppContext, q: AuditQuery): Promise<AuditPage> {
  const { rows, total } = await repo.pageEntries(ctx.db, q);
  return {
    data: rows.map(({ entry: e, actor }) => ({
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      action: e.action,
      actor: actor ? { id: actor.id, displayName: displayName(actor), email: actor.deleted ? '' : actor.email } : null,
      targetType: e.targetType,
      targetId: e.targetId,
      targetLabel: e.targetLabel,
      reason: e.reason,
      details: e.details,
    })),
    meta: pageMeta(q.page, q.perPage, total),
  };
}
