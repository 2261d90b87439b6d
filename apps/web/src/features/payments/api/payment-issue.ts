import type { Transaction } from '@harbor/contracts';

/** The payment issue the server notes on a transaction (metadata.payment.issue), e.g. paid-after-expiry. */
export function paymentIssueOf(tx: Pick<Transaction, 'metadata'> | undefined): string | null {
  const payment = tx?.metadata.payment;
  if (!payment || typeof payment !== 'object') return null;
  const issue = (payment as { issue?: unknown }).issue;
  return typeof issue === 'string' ? issue : null;
}

/** The card error that ended an online payment (metadata.paymentFailureCode), when there was one. */
export function paymentFailureCodeOf(tx: Pick<Transaction, 'metadata'> | undefined): string | null {
  const code = tx?.metadata.paymentFailureCode;
  return typeof code === 'string' ? code : null;
}
