import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { drainBatches, startRelayLoop } from '../../lib/relay.ts';
import { mergeTransactionMetadata } from '../transactions/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentActions, paymentCheckouts } from './payments.schema.ts';

/**
 * The payments relay: makes the provider calls that state changes queued in
 * payment_actions (refund, payout, expire a session), outside any database
 * transaction (the local provider writes its own books; an outside one is a
 * network call), with the action id as the idempotency key. Claimed with
 * FOR UPDATE SKIP LOCKED, retried with back-off, failed for good after
 * ACTION_MAX_ATTEMPTS and kept with its error.
 */

export const ACTION_MAX_ATTEMPTS = 10;
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;
/** The wait after the n-th failure: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const actionRetryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

type ActionRow = typeof paymentActions.$inferSelect;

export interface ActionRelay {
  flush(now?: Date): Promise<number>;
  start(intervalMs: number): () => Promise<void>;
}

export function createActionRelay(ctx: AppContext, provider: PaymentProvider): ActionRelay {
  const { db, log } = ctx;

  const claim = (now: Date) => {
    const due = db
      .select({ id: paymentActions.id })
      .from(paymentActions)
      .where(and(eq(paymentActions.state, 'pending'), or(isNull(paymentActions.claimedUntil), lte(paymentActions.claimedUntil, now))))
      .orderBy(asc(paymentActions.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(paymentActions)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${paymentActions.attempts} + 1` })
      .where(inArray(paymentActions.id, due))
      .returning();
  };

  async function perform(a: ActionRow): Promise<{ result: Record<string, unknown>; metadata?: Record<string, unknown> }> {
    const p = a.payload as { paymentIntentId?: string; amount?: number; currency?: string; accountId?: string; sessionIds?: string[]; reason?: string; payment?: Record<string, unknown> };
    switch (a.kind) {
      case 'refund': {
        const refund = await provider.refund({
          paymentIntentId: p.paymentIntentId!,
          reason: p.reason === 'paid-after-expiry' ? 'expired_uncaptured' : 'cancelled',
          transactionId: a.transactionId,
          idempotencyKey: `refund:${a.id}`,
        });
        return { result: { ...refund }, metadata: { payment: { ...p.payment, status: 'refunded', refundId: refund.id, refundedAmount: refund.amount } } };
      }
      case 'payout': {
        const payout = await provider.payout({
          accountId: p.accountId!,
          amount: { amount: p.amount!, currency: p.currency! },
          paymentIntentId: p.paymentIntentId!,
          transactionId: a.transactionId,
          idempotencyKey: `payout:${a.id}`,
        });
        return { result: { ...payout }, metadata: { payment: { ...p.payment, payoutId: payout.id, payoutStatus: payout.status } } };
      }
      case 'expire-session': {
        for (const id of p.sessionIds ?? []) await provider.expireCheckoutSession(id);
        return { result: { expired: p.sessionIds ?? [] } };
      }
    }
  }

  async function run(a: ActionRow, now: Date): Promise<boolean> {
    try {
      const { result, metadata } = await perform(a);
      await db.transaction(async (tx) => {
        await tx.update(paymentActions).set({ state: 'done', result, lastError: null, claimedUntil: null }).where(eq(paymentActions.id, a.id));
        if (metadata) await mergeTransactionMetadata(tx, a.transactionId, metadata);
        if (a.kind === 'expire-session')
          await tx.update(paymentCheckouts).set({ status: 'expired' }).where(and(eq(paymentCheckouts.transactionId, a.transactionId), eq(paymentCheckouts.status, 'open')));
      });
      return true;
    } catch (err) {
      const failed = a.attempts >= ACTION_MAX_ATTEMPTS;
      log.error({ err, action: { id: a.id, kind: a.kind, transactionId: a.transactionId, attempts: a.attempts } }, failed ? 'payment action failed for good' : 'payment action failed; will retry');
      await db
        .update(paymentActions)
        .set({ lastError: String(err).slice(0, 4000), state: failed ? 'failed' : 'pending', claimedUntil: new Date(now.getTime() + actionRetryDelayMs(a.attempts)) })
        .where(eq(paymentActions.id, a.id));
      return false;
    }
  }

  const flush = (now = new Date()) => drainBatches(() => claim(now), (a) => run(a, now), BATCH);

  return {
    flush,
    start(intervalMs) {
      return startRelayLoop(flush, intervalMs, (err) => log.error({ err }, 'payment action relay failed'));
    },
  };
}
