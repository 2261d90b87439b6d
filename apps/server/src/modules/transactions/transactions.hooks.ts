import type { PaymentStatus, TransactionState, TransitionName } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';

/**
 * Where the payments module joins the engine without the engine knowing
 * payments: a check before an order enters pending-payment (payout account,
 * minimum charge) and a call after every transition (refund a cancelled paid
 * order, pay out a completed one), both inside the transition's own database
 * transaction, so their effects commit with it or not at all.
 */

export interface OnlinePaymentCheck {
  providerId: string;
  customerId: string;
  payinTotal: number;
  payoutTotal: number;
  currency: string;
  cartId: string | null;
}

export interface TransitionTaken {
  transactionId: string;
  transition: TransitionName;
  from: TransactionState;
  to: TransactionState;
  /** The payment status before and after the transition. */
  paymentStatusBefore: PaymentStatus;
  paymentStatus: PaymentStatus;
  metadata: Record<string, unknown>;
  providerId: string;
  payinTotal: number;
  payoutTotal: number;
  currency: string;
}

export interface TransactionHooks {
  checkOnlinePayment?(ctx: AppContext, tx: Tx, check: OnlinePaymentCheck): Promise<void>;
  afterTransition?(ctx: AppContext, tx: Tx, taken: TransitionTaken): Promise<void>;
}

const hooks: TransactionHooks[] = [];

export function registerTransactionHooks(h: TransactionHooks): void {
  if (!hooks.includes(h)) hooks.push(h);
}

export async function checkOnlinePayment(ctx: AppContext, tx: Tx, check: OnlinePaymentCheck) {
  for (const h of hooks) await h.checkOnlinePayment?.(ctx, tx, check);
}

export async function afterTransition(ctx: AppContext, tx: Tx, taken: TransitionTaken) {
  for (const h of hooks) await h.afterTransition?.(ctx, tx, taken);
}
