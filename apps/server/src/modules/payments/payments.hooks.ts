import { and, count, eq, isNull } from 'drizzle-orm';
import { minimumCharge } from '@harbor/contracts';
import { AppError } from '../../plugins/errors.ts';
import { mergeTransactionMetadata, registerTransactionHooks } from '../transactions/index.ts';
import { cartProducts } from '../carts/carts.schema.ts';
import { paymentActions, paymentCheckouts, payoutAccounts } from './payments.schema.ts';

/** What a transaction's metadata.payment holds once paid (the order page and the relay read it). */
export interface PaymentMetadata {
  provider: string;
  sessionId: string;
  paymentIntentId: string;
  amount: { amount: number; currency: string };
  status: 'paid' | 'refund-pending' | 'refunded';
  issue?: 'paid-after-expiry';
  failureCode?: string | null;
}

const paymentOf = (metadata: Record<string, unknown>) => metadata.payment as PaymentMetadata | undefined;

/**
 * The payments module's part of the transaction engine (transactions.hooks.ts):
 * an online order needs a seller who can be paid and a charge the card
 * provider accepts; a paid order that is cancelled or declined is refunded,
 * one that completes is paid out; a lapsed payment window closes the session.
 */
registerTransactionHooks({
  async checkOnlinePayment(_ctx, tx, check) {
    const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, check.providerId));
    if (!account) throw new AppError('transaction-missing-stripe-account', 409);
    if (!account.data.chargesEnabled) throw new AppError('transaction-missing-stripe-account', 409, { reason: account.data.status });
    if (check.cartId) {
      // Online payment needs exactly one item in the cart (buyer spec section 4): the line being placed is the only one left.
      const [lines] = await tx.select({ n: count() }).from(cartProducts).where(and(eq(cartProducts.cartId, check.cartId), isNull(cartProducts.placedAt)));
      if ((lines?.n ?? 0) > 1) throw new AppError('validation-invalid-value', 409, { reason: 'onlinePaymentOneItem' });
    }
    const minimum = minimumCharge(check.currency);
    if (check.payinTotal < minimum) throw new AppError('transaction-charge-zero-payin', 409, { minimum: { amount: minimum, currency: check.currency } });
    if (check.payoutTotal <= 0) throw new AppError('transaction-charge-zero-payout', 409);
  },

  async afterTransition(_ctx, tx, t) {
    const payment = paymentOf(t.metadata);
    if (t.transition === 'cancel-payment') {
      const open = await tx
        .select({ sessionId: paymentCheckouts.sessionId })
        .from(paymentCheckouts)
        .where(and(eq(paymentCheckouts.transactionId, t.transactionId), eq(paymentCheckouts.status, 'open')));
      if (open.length)
        await tx
          .insert(paymentActions)
          .values({ kind: 'expire-session', transactionId: t.transactionId, payload: { sessionIds: open.map((o) => o.sessionId) } })
          .onConflictDoNothing();
      return;
    }
    if (!payment || t.paymentStatusBefore !== 'ONLINE_CONFIRM') return;
    if ((t.to === 'cancelled' || t.to === 'declined') && payment.status === 'paid') {
      await tx
        .insert(paymentActions)
        .values({ kind: 'refund', transactionId: t.transactionId, payload: { paymentIntentId: payment.paymentIntentId, reason: t.transition, payment: { ...payment, status: 'refund-pending' } } })
        .onConflictDoNothing();
      await mergeTransactionMetadata(tx, t.transactionId, { payment: { ...payment, status: 'refund-pending' } });
    }
    if (t.to === 'completed') {
      const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, t.providerId));
      await tx
        .insert(paymentActions)
        .values({
          kind: 'payout',
          transactionId: t.transactionId,
          payload: { paymentIntentId: payment.paymentIntentId, accountId: account?.accountId, amount: t.payoutTotal, currency: t.currency, payment },
        })
        .onConflictDoNothing();
    }
  },
});
