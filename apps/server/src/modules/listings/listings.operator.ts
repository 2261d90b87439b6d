import { and, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { pageMeta, type ListingState } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { hydrate } from './listings.mapper.ts';
import * as repo from './listings.repository.ts';
import { listings } from './listings.schema.ts';
import { invalidTransition, loadListing } from './listings.service.ts';
import { completeDeletionTx } from './listings.timers.ts';

/** The operator console's queue: listings by state, or deletions requested or done. */
export async function listForOperator(
  ctx: AppContext,
  q: { state?: ListingState; deletion?: 'requested' | 'completed'; page: number; perPage: number },
) {
  const deletion: SQL | undefined =
    q.deletion === 'requested'
      ? and(isNotNull(listings.deleteRequestedAt), eq(listings.deleted, false))
      : q.deletion === 'completed'
        ? eq(listings.deleted, true)
        : undefined;
  const where = and(q.state ? eq(listings.state, q.state) : undefined, deletion);
  const { rows, totalItems } = await repo.pageJoined(ctx.db, where, [desc(listings.updatedAt), desc(listings.id)], q.page, q.perPage);
  return {
    data: await hydrate(ctx.db, rows, { firstImageOnly: true }),
    meta: pageMeta(q.page, q.perPage, totalItems),
  };
}

/** pendingApproval -> published (approve) or back to draft (reject). */
export async function decide(ctx: AppContext, actorId: string, id: string, decision: 'approve' | 'reject') {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findRow(tx, id, { forUpdate: true });
    if (!row || row.deleteRequestedAt) throw notFound();
    const to: ListingState = decision === 'approve' ? 'published' : 'draft';
    if (row.state !== 'pendingApproval') throw invalidTransition(row.state, to);
    await repo.updateListing(tx, id, { state: to, ...(to === 'published' && { publishedAt: new Date() }) });
    await recordAudit(tx, { actorId, action: `listing.${decision}`, targetType: 'listing', targetId: id, targetLabel: row.title });
    return loadListing(tx, id);
  });
}

/** The operator completes a requested deletion before the 24 h timer does. */
export async function completeDeletion(ctx: AppContext, actorId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findRow(tx, id, { forUpdate: true });
    if (!row || !row.deleteRequestedAt) throw notFound();
    if (row.deleted) return;
    await completeDeletionTx(tx, id);
    await recordAudit(tx, { actorId, action: 'listing.complete-deletion', targetType: 'listing', targetId: id, targetLabel: row.title });
  });
  return { ok: true as const };
}
