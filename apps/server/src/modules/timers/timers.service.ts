import type { AppContext } from '../../context.ts';
import { isLockNotAvailable, type Tx } from '../../db/index.ts';
import * as repo from './timers.repository.ts';
import type { TimerRow } from './timers.schema.ts';

export interface TimerSpec {
  kind: string;
  key: string;
  dueAt: Date;
  payload?: Record<string, unknown>;
}

export interface DueTimer {
  id: string;
  kind: string;
  key: string;
  dueAt: Date;
  payload: Record<string, unknown>;
  /** Failed attempts so far (0 on the first run). */
  attempts: number;
}

/**
 * A handler runs in the same DB transaction that marks its timer done, so its
 * effect happens exactly once. It must use `tx`, never `ctx.db`: on PGlite (one
 * connection) a query outside the transaction would wait for it forever.
 *
 * The timer's row is locked before the handler runs, while the other writers of
 * a key (an order's transition, a subscription's cancel) lock their row first and
 * then cancel or move its timers. So a handler locks its row with NOWAIT: a row
 * another transaction holds makes the timer "busy", left as it is for the next
 * round, where waiting for it would deadlock with that writer.
 */
export type TimerHandler = (ctx: AppContext, tx: Tx, timer: DueTimer) => Promise<void>;

/** Timers claimed per batch; a full batch is followed at once by the next. */
export const TIMER_BATCH_SIZE = 100;
/** After this many failed attempts a timer is marked failed and kept for inspection. */
export const TIMER_MAX_ATTEMPTS = 10;

/**
 * The wait after the n-th failed attempt: min(2^(n-1), 60) minutes, so 1, 2,
 * 4, 8, 16, 32, 60, 60, 60 minutes: about four and a half hours of retries in all.
 */
export function timerRetryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60) * 60_000;
}

const handlers = new Map<string, TimerHandler>();

/** One handler per kind for the process; a second, different handler for a kind is a bug and throws. */
export function registerTimerHandler(kind: string, handler: TimerHandler): void {
  const existing = handlers.get(kind);
  if (existing && existing !== handler) throw new Error(`timer kind "${kind}" already has a handler`);
  handlers.set(kind, handler);
}

/** Inside the caller's DB transaction: schedules a timer; a pending timer with the same kind and key is replaced. */
export async function scheduleTimer(tx: Tx, spec: TimerSpec): Promise<void> {
  if (!spec.kind || !spec.key) throw new Error('a timer needs a kind and a key');
  if (!(spec.dueAt instanceof Date) || Number.isNaN(spec.dueAt.getTime())) throw new Error(`timer ${spec.kind}/${spec.key}: invalid dueAt`);
  await repo.upsertPending(tx, { kind: spec.kind, key: spec.key, dueAt: spec.dueAt, payload: spec.payload ?? {} });
}

/** Inside the caller's DB transaction: cancels the pending timers of a key (all kinds, or one kind). */
export async function cancelTimers(tx: Tx, filter: { key: string; kind?: string }): Promise<void> {
  await repo.deletePending(tx, filter.key, filter.kind);
}

/** The pending timers of a key (all kinds, or one kind). */
export async function pendingTimers(tx: Tx, filter: { key: string; kind?: string }): Promise<DueTimer[]> {
  return (await repo.findPending(tx, filter.key, filter.kind)).map(dueTimerOf);
}

function dueTimerOf(row: TimerRow): DueTimer {
  return { id: row.id, kind: row.kind, key: row.key, dueAt: row.dueAt, payload: row.payload, attempts: row.attempts };
}

/** `busy`: the handler's row was held by another transaction (see TimerHandler); the timer is left as it was. */
type Outcome = { kind: 'none' | 'done' | 'retry' | 'failed' } | { kind: 'busy'; id: string };

/**
 * One timer, one transaction: claim it (SKIP LOCKED), then mark it done and run
 * the handler inside a savepoint. Done-marking first lets a handler schedule the
 * same kind and key again. If the handler throws, the savepoint rolls back its
 * effect and the done mark, and the still-locked row records the failed attempt.
 */
async function runOne(ctx: AppContext, now: Date, kinds: string[], passOver: string[]): Promise<Outcome> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.claimNext(tx, now, kinds, passOver);
    if (!row) return { kind: 'none' };
    const handler = handlers.get(row.kind)!;
    const timer = dueTimerOf(row);
    try {
      await tx.transaction(async (sp) => {
        await repo.markDone(sp, row.id);
        await handler(ctx, sp, timer);
      });
      return { kind: 'done' };
    } catch (err) {
      if (isLockNotAvailable(err)) {
        // Not a failure: the row's holder is changing it (and will move or cancel this timer).
        ctx.log.debug({ timer: { id: row.id, kind: row.kind, key: row.key } }, 'timer busy: its row is locked; next round');
        return { kind: 'busy', id: row.id };
      }
      const attempts = row.attempts + 1;
      const failed = attempts >= TIMER_MAX_ATTEMPTS;
      const dueAt = failed ? row.dueAt : new Date(now.getTime() + timerRetryDelayMs(attempts));
      ctx.log.error(
        { err, timer: { id: row.id, kind: row.kind, key: row.key, attempts, ...(!failed && { retryAt: dueAt }) } },
        failed ? 'timer failed for good' : 'timer handler failed; will retry',
      );
      const error = (err instanceof Error ? err.stack ?? err.message : String(err)).slice(0, 4000);
      await repo.markAttemptFailed(tx, row.id, { attempts, dueAt, error, failed });
      return { kind: failed ? 'failed' : 'retry' };
    }
  });
}

async function runBatch(ctx: AppContext, now: Date): Promise<{ claimed: number; done: number }> {
  const kinds = [...handlers.keys()];
  // Left pending: a handler may still register later in this process, or another process may have it.
  for (const { kind, n } of await repo.dueWithoutHandler(ctx.db, now, kinds)) {
    ctx.log.warn({ kind, due: n }, 'due timers have no handler for their kind');
  }
  let claimed = 0;
  let done = 0;
  const busy: string[] = []; // passed over for the rest of this batch, or it would be claimed again at once
  while (kinds.length && claimed < TIMER_BATCH_SIZE) {
    const outcome = await runOne(ctx, now, kinds, busy);
    if (outcome.kind === 'none') break;
    claimed++;
    if (outcome.kind === 'done') done++;
    if (outcome.kind === 'busy') busy.push(outcome.id);
  }
  return { claimed, done };
}

/**
 * Claims and runs one batch of due timers (FOR UPDATE SKIP LOCKED, each timer
 * in its own DB transaction); returns how many ran to completion (marked done).
 * Failed attempts are logged and not counted. For tests and the loop.
 */
export async function runDueTimers(ctx: AppContext, now: Date = new Date()): Promise<number> {
  return (await runBatch(ctx, now)).done;
}

/**
 * Starts the loop: a batch at start (timers that fell due while no server ran),
 * then every TIMER_INTERVAL_MS, never two batches at once in this process.
 * Returns a stop function that waits for the running batch.
 */
export function startTimers(ctx: AppContext): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | undefined;
  const loop = async () => {
    try {
      for (;;) {
        const { claimed, done } = await runBatch(ctx, new Date());
        if (done) ctx.log.info({ done }, 'timers ran');
        if (stopped || claimed < TIMER_BATCH_SIZE) break;
      }
    } catch (err) {
      ctx.log.error({ err }, 'timer batch failed');
    }
  };
  const tick = () => {
    if (stopped || running) return;
    running = loop().finally(() => {
      running = undefined;
    });
  };
  tick();
  const handle = setInterval(tick, ctx.config.TIMER_INTERVAL_MS);
  handle.unref();
  return async () => {
    stopped = true;
    clearInterval(handle);
    await running;
  };
}
