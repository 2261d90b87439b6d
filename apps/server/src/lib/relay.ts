/**
 * The loop shared by the outbox relays (mail, payment actions, local payment webhooks):
 * claim a batch of rows, handle each in order, go on while batches come back full.
 */

/** Handles claimed rows batch by batch until a batch is short; returns how many `handle` reported done. */
export async function drainBatches<T>(claim: () => Promise<T[]>, handle: (row: T) => Promise<boolean>, batchSize: number): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await claim();
    // In order: a row is not overtaken by a later one of the same batch.
    for (const row of batch) if (await handle(row)) done++;
    if (batch.length < batchSize) return done;
  }
}

/**
 * Runs `flush` now and then every `intervalMs`, never two at once (a tick while one runs is
 * skipped); a failure is passed to `onError` and the next tick tries again. `enabled` is
 * asked on every tick. The returned function stops the timer and waits for a running flush.
 */
export function startRelayLoop(
  flush: () => Promise<unknown>,
  intervalMs: number,
  onError: (err: unknown) => void,
  enabled: () => boolean = () => true,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running || !enabled()) return;
    running = flush()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  const handle = setInterval(tick, intervalMs);
  handle.unref();
  tick();
  return async () => {
    clearInterval(handle);
    await running;
  };
}
