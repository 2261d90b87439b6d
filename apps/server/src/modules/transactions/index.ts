// Registers the handler of the timed transitions (payment expiry, quote expiry, auto-complete, review periods).
import './transactions.timers.ts';

export { transactionsRoutes } from './transactions.routes.ts';
export { TRANSITION_TIMER_KIND } from './transactions.engine.ts';
export { transactions, transactionTransitions, transactionIdempotencyKeys } from './transactions.schema.ts';
export { decodeTransit } from './transit.ts';
/** For the payments module: its checks before an online payment and its part of every transition. */
export { registerTransactionHooks, type OnlinePaymentCheck, type TransitionTaken } from './transactions.hooks.ts';
/** For modules that act on a transaction for a user (messages, payments, reviews): the transaction as that user may see it (404 otherwise) and their role. */
export { show as transactionForUser, roleOf } from './transactions.service.ts';
export { listForOperator as listTransactionsForOperator } from './transactions.queries.ts';
/** For the subscriptions module: a cycle's order, placed by the system inside the timer's database transaction. */
export { placeCycleOrder, type CycleOrderInput } from './transactions.cycle-order.ts';
export { startOwnJsonBackfill } from './transactions.backfill.ts';
import { eq, sql } from 'drizzle-orm';
import type { TransitionName } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { applyTransition } from './transactions.engine.ts';
import * as repo from './transactions.repository.ts';
import { refreshOwnJson } from './transactions.page.ts';
import { roleOf } from './transactions.service.ts';
import { transactions } from './transactions.schema.ts';

/**
 * A transition the server itself takes (actor system), inside the caller's
 * database transaction: the payments module confirms a payment with
 * `confirm-payment` when its provider reports it.
 */
export async function systemTransition(ctx: AppContext, tx: Tx, id: string, name: TransitionName) {
  const row = await repo.lockById(tx, id);
  if (!row) throw notFound();
  return applyTransition(ctx, tx, row, { name, actor: 'system', actorId: null, params: { protectedData: {} } });
}

/** For the payments module: a transaction locked in the caller's database transaction (its state, payment status and metadata), or undefined. */
export async function lockTransaction(tx: Tx, id: string) {
  return repo.lockById(tx, id);
}

/** For the payments module: merges keys into a transaction's metadata (the payment's ids and issues, which the order page reads). */
export async function mergeTransactionMetadata(tx: Tx, id: string, patch: Record<string, unknown>) {
  await tx
    .update(transactions)
    .set({ metadata: sql`${transactions.metadata} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(transactions.id, id));
  await refreshOwnJson(tx, id);
}

/**
 * For modules that keep things on a transaction (messages, attachments): its
 * two parties, listing and ship name (what its mails need) and the caller's
 * side, without the full read of `show`. A transaction the caller is no
 * party to (and they are not the operator) answers 404 like the transaction
 * itself, so ids do not leak.
 */
export async function transactionPartiesForUser(db: Tx, auth: Parameters<typeof roleOf>[1], id: string) {
  const [row] = await db
    .select({
      id: transactions.id,
      customerId: transactions.customerId,
      providerId: transactions.providerId,
      listingId: transactions.listingId,
      // What a notification mail names the order by.
      shipName: sql<string | null>`${transactions.protectedData}->>'shipName'`,
    })
    .from(transactions)
    .where(eq(transactions.id, id));
  const role = row && roleOf(row, auth);
  if (!row || !role) throw notFound();
  return { ...row, role };
}
