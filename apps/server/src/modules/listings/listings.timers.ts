import type { Tx } from '../../db/index.ts';
import { cancelTimers, pendingTimers, registerTimerHandler, scheduleTimer } from '../timers/index.ts';
import * as repo from './listings.repository.ts';

/**
 * The listing timers live on the server's one durable timer facility, keyed by
 * the listing id: scheduled ordering turns ordering on at its date, and a
 * requested deletion completes after 24 h unless the operator completed it.
 */
export const ACTIVATE = 'listing-activate';
export const COMPLETE_DELETION = 'listing-complete-deletion';
type ListingTimerKind = typeof ACTIVATE | typeof COMPLETE_DELETION;

/** Replaces the pending timer of a kind (the latest schedule wins); null cancels it. */
export async function scheduleListingTimer(tx: Tx, listingId: string, kind: ListingTimerKind, dueAt: Date | null) {
  if (dueAt) await scheduleTimer(tx, { kind, key: listingId, dueAt });
  else await cancelTimers(tx, { key: listingId, kind });
}

export async function hasPendingTimer(tx: Tx, listingId: string, kind: ListingTimerKind) {
  return (await pendingTimers(tx, { key: listingId, kind })).length > 0;
}

/** Marks a listing deleted for good and drops its images and pending timers. */
export async function completeDeletionTx(tx: Tx, id: string) {
  await repo.updateListing(tx, id, { deleted: true, deletedAt: new Date(), state: 'closed' });
  await repo.replaceImages(tx, id, []);
  await cancelTimers(tx, { key: id });
}

// Both lock the listing without waiting: an edit in flight (which may move these timers) makes them busy for a round (timers.service.ts).
registerTimerHandler(ACTIVATE, async (_ctx, tx, timer) => {
  if (await repo.findRow(tx, timer.key, { forUpdate: true, noWait: true })) await repo.updateListing(tx, timer.key, { isActive: true });
});

registerTimerHandler(COMPLETE_DELETION, async (_ctx, tx, timer) => {
  const row = await repo.findRow(tx, timer.key, { forUpdate: true, noWait: true });
  // Gone, or the operator already completed it: nothing left to do.
  if (row && !row.deleted) await completeDeletionTx(tx, timer.key);
});
