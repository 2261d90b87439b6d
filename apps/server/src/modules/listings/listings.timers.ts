import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import * as repo from './listings.repository.ts';

/** Marks a listing deleted for good and drops its images and pending timers. */
export async function completeDeletionTx(tx: Tx, id: string) {
  await repo.updateListing(tx, id, { deleted: true, deletedAt: new Date(), state: 'closed' });
  await repo.replaceImages(tx, id, []);
  for (const t of await repo.pendingTimers(tx, id)) await repo.markTimerDone(tx, t.id);
}

/** Runs every due timer in one transaction; returns how many ran. */
export async function runDueListingTimers(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await repo.claimDueTimers(tx, now);
    for (const t of due) {
      if (t.kind === 'activate') await repo.updateListing(tx, t.listingId, { isActive: true });
      else await completeDeletionTx(tx, t.listingId);
      await repo.markTimerDone(tx, t.id);
    }
    return due.length;
  });
}

/**
 * The timers live in the database, so a restart loses nothing: due rows run at
 * start and then every LISTING_TIMER_INTERVAL_MS. Returns the stop function.
 */
export function startListingTimers(ctx: AppContext): () => void {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runDueListingTimers(ctx)
      .then((n) => n && ctx.log.info({ n }, 'listing timers ran'))
      .catch((err: unknown) => ctx.log.error({ err }, 'listing timers failed'));
  };
  tick();
  const handle = setInterval(tick, ctx.config.LISTING_TIMER_INTERVAL_MS);
  handle.unref();
  return () => {
    clearInterval(handle);
    return running;
  };
}
