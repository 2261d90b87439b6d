import type { SubscriptionCycleFailure } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { registerTimerHandler, type DueTimer } from '../timers/index.ts';
import { placeCycleOrder } from '../transactions/index.ts';
import { cycleAfterDate, localInstant } from './subscriptions.cycles.ts';
import { failureText, queueSubscriptionMail } from './subscriptions.mail.ts';
import * as repo from './subscriptions.repository.ts';
import type { SubscriptionRow } from './subscriptions.schema.ts';
import { CYCLE_TIMER_KIND, scheduleNextCycle } from './subscriptions.service.ts';

/**
 * A cycle more than this late (the server was down) is recorded as missed
 * and mailed rather than ordered: an order for a delivery a day gone helps nobody.
 */
export const CYCLE_CATCH_UP_MS = 24 * 3_600_000;

const FAILURES: Partial<Record<string, SubscriptionCycleFailure>> = {
  'transaction-listing-not-found': 'listing-closed',
  'transaction-listing-insufficient-stock': 'out-of-stock',
  'transaction-booking-time-not-available': 'time-unavailable',
};

/** The order of one cycle, or why there is none; other errors throw (the timer retries them). */
async function orderOf(ctx: AppContext, tx: Tx, row: SubscriptionRow, date: string, startsAt: Date, now: Date) {
  if (now.getTime() - startsAt.getTime() > CYCLE_CATCH_UP_MS) return { failure: 'missed' as const };
  try {
    // A savepoint: a refusal half-way leaves nothing of the order behind.
    const placed = await tx.transaction((sp) =>
      placeCycleOrder(ctx, sp, {
        customerId: row.buyerId,
        listingId: row.listingId,
        idempotencyKey: `subscription:${row.id}:${date}`,
        line: {
          quantity: row.line.quantity,
          startTime: startsAt.toISOString(),
          endTime: new Date(startsAt.getTime() + row.line.durationMs).toISOString(),
          deliveryMethod: row.line.deliveryMethod,
          ...(row.line.deliveryAddress && { deliveryAddress: row.line.deliveryAddress }),
          ...(row.line.deliveryNotes && { deliveryNotes: row.line.deliveryNotes }),
        },
        ship: { name: row.line.shipName, imo: row.line.shipImo },
        cartName: row.line.cartName,
        portCallId: row.line.portCallId,
        portName: row.line.portName,
        now,
      }),
    );
    return { transactionId: placed.transactionId };
  } catch (err) {
    const failure = err instanceof AppError ? FAILURES[err.code] : undefined;
    if (!failure) throw err;
    return { failure };
  }
}

/**
 * One cycle, in the timer's database transaction: its order (or its failure,
 * recorded and mailed to the buyer), then the timer of the next cycle. The
 * row per subscription and cycle date makes it run once: a cycle that ran
 * already only moves the chain on. Missed cycles are taken one by one, each once.
 */
export async function runCycle(ctx: AppContext, tx: Tx, timer: Pick<DueTimer, 'key' | 'payload'>, now = new Date()) {
  // Without waiting: a status change in flight makes the timer busy for a round (timers.service.ts).
  const row = await repo.lock(tx, timer.key, { noWait: true });
  if (!row || row.status !== 'accepted') return;
  const date = String(timer.payload.cycleDate);
  const startsAt = localInstant(date, row.schedule.startTime, row.timeZone);
  if (!(await repo.cycleExists(tx, row.id, date))) {
    const outcome = await orderOf(ctx, tx, row, date, startsAt, now);
    const failure = 'failure' in outcome ? outcome.failure : null;
    await repo.recordCycle(tx, {
      subscriptionId: row.id,
      cycleDate: date,
      startsAt,
      state: failure ? 'failed' : 'ordered',
      transactionId: 'transactionId' in outcome ? outcome.transactionId : null,
      failure,
      ranAt: now,
    });
    if (failure) {
      const j = (await repo.findJoined(tx, row.id))!;
      await queueSubscriptionMail(ctx, tx, { template: 'cycleFailed', to: [row.buyerId], listing: j.listingTitle, vars: (lang) => ({ date, reason: failureText(lang, failure) }) });
      ctx.log.warn({ subscription: row.id, cycleDate: date, failure }, 'subscription cycle failed');
    }
  }
  await scheduleNextCycle(tx, row, cycleAfterDate(row.schedule, row.timeZone, date));
}

registerTimerHandler(CYCLE_TIMER_KIND, (ctx, tx, timer) => runCycle(ctx, tx, timer));
