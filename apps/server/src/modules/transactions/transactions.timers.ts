import type { TransitionName } from '@harbor/contracts';
import { registerTimerHandler } from '../timers/index.ts';
import { applyTransition, TRANSITION_TIMER_KIND } from './transactions.engine.ts';
import * as repo from './transactions.repository.ts';

/**
 * Timed transitions (payment expiry, quote expiry, auto-complete, review
 * periods): the system takes them in the timer's own database transaction.
 * A transaction that has left the state meanwhile is left alone; leaving a
 * state cancels its timer anyway, this is the belt to those braces. The row is
 * locked without waiting: a transition in flight makes the timer busy (see
 * timers.service.ts), where waiting would deadlock with its cancelling this timer.
 */
registerTimerHandler(TRANSITION_TIMER_KIND, async (ctx, tx, timer) => {
  const { transition, from } = timer.payload as { transition: TransitionName; from: string };
  const row = await repo.lockById(tx, timer.key, { noWait: true });
  if (!row || row.state !== from) return;
  await applyTransition(ctx, tx, row, { name: transition, actor: 'system', actorId: null, params: { protectedData: {} } });
});
