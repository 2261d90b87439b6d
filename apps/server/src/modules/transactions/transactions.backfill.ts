import type { AppContext } from '../../context.ts';
import { refreshMissingOwnJson } from './transactions.page.ts';

const BATCH = 500;

/**
 * At start, in the background: writes the kept JSON (`own_json`) of every transaction that
 * lacks it, a batch per statement, so a database from before migration 0023 gets its fast
 * orders list without each order having to change first. Returns a stop function that waits
 * for the batch in flight.
 */
export function startOwnJsonBackfill(ctx: AppContext): () => Promise<void> {
  let stopped = false;
  const run = (async () => {
    let written = 0;
    try {
      for (;;) {
        if (stopped) break;
        const n = await refreshMissingOwnJson(ctx.db, BATCH);
        written += n;
        if (n < BATCH) break;
        await new Promise((resolve) => setImmediate(resolve)); // requests between batches
      }
      if (written) ctx.log.info({ written }, 'orders list: kept JSON written for older transactions');
    } catch (err) {
      // Harmless: the list builds a missing value in its statement.
      ctx.log.warn({ err }, 'orders list: writing the kept JSON of older transactions failed');
    }
  })();
  return async () => {
    stopped = true;
    await run;
  };
}
