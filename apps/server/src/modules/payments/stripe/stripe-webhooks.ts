import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { isCardErrorCode } from '@harbor/contracts';
import { WebhookSignatureError, type PaymentEvent, type RefundStatus } from '../payment-provider.ts';

/**
 * Stripe's webhook events: the signature checked by the SDK
 * (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 of `t.payload` with the
 * endpoint's secret, 5 minutes' tolerance) over the raw bytes, then the event
 * reduced to what Harbor acts on.
 */

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** An expandable field: the id, whether Stripe sent the id or the object. */
const idOf = (v: unknown) => (typeof v === 'string' ? v : v && typeof v === 'object' ? str((v as Obj).id) : '');

/**
 * Checks the signature with each of the endpoint secrets: Stripe signs the
 * platform's own events (checkout, refunds) and its connected accounts'
 * (account.updated) from two endpoints with a secret each, both sending here.
 */
export function constructStripeEvent(webhooks: Stripe['webhooks'], secrets: readonly string[], rawBody: Buffer, headers: IncomingHttpHeaders, toleranceS?: number): Stripe.Event {
  const header = headers[STRIPE_SIGNATURE_HEADER];
  if (!header || Array.isArray(header)) throw new WebhookSignatureError('missing-signature');
  let refusal: WebhookSignatureError | undefined;
  for (const secret of secrets) {
    try {
      return webhooks.constructEvent(rawBody, header, secret, toleranceS);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeSignatureVerificationError)) throw new WebhookSignatureError('malformed'); // signed correctly but not a JSON event
      // The SDK says why only in its message.
      const reason = /tolerance/i.test(err.message) ? 'stale-timestamp' : /unable to extract|expected scheme/i.test(err.message) ? 'malformed' : 'bad-signature';
      refusal ??= new WebhookSignatureError(reason);
      if (reason !== 'bad-signature') refusal = new WebhookSignatureError(reason);
    }
  }
  throw refusal ?? new WebhookSignatureError('bad-signature');
}

const refundStatus = (s: string): RefundStatus => (s === 'succeeded' ? 'succeeded' : s === 'failed' || s === 'canceled' ? 'failed' : 'pending');

/**
 * The events Harbor acts on. A checkout session in payment mode confirms the
 * order when it completes paid (or its delayed payment succeeds later). A
 * card the issuer refused (payment_intent.payment_failed) ends the payment as
 * the local provider's page does: the order is cancelled with the card's
 * code and the session closed, so the buyer sees the decline text on the
 * order; Stripe's page would otherwise let them try again until the window
 * lapses. The payment intent carries the transaction in its metadata (set
 * through payment_intent_data), but not the session id, which Harbor does
 * not need to cancel the order. Saved cards complete with the setup intent.
 */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const obj = event.data.object as unknown as Obj;
  const metadata = (obj.metadata ?? {}) as Record<string, string>;
  const ignored: PaymentEvent = { id: event.id, type: 'ignored', providerType: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // Setup sessions finish through setup_intent.succeeded; an unpaid completion (a delayed method) waits for its own event.
      if (obj.mode !== 'payment' || obj.payment_status !== 'paid') return ignored;
      return {
        id: event.id,
        type: 'checkout.completed',
        sessionId: str(obj.id),
        transactionId: str(obj.client_reference_id) || str(metadata.transactionId),
        paymentIntentId: idOf(obj.payment_intent),
        amount: { amount: Number(obj.amount_total), currency: str(obj.currency).toUpperCase() },
      };
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      if (obj.mode !== 'payment') return ignored;
      return { id: event.id, type: 'checkout.expired', sessionId: str(obj.id), transactionId: str(obj.client_reference_id) || str(metadata.transactionId), failureCode: null };
    case 'payment_intent.payment_failed': {
      const transactionId = str(metadata.transactionId);
      if (!transactionId) return ignored;
      const error = (obj.last_payment_error ?? {}) as Obj;
      const code = isCardErrorCode(error.decline_code) ? error.decline_code : isCardErrorCode(error.code) ? error.code : 'card_declined';
      return { id: event.id, type: 'checkout.expired', sessionId: '', transactionId, failureCode: code };
    }
    case 'setup_intent.succeeded':
      return { id: event.id, type: 'setup.completed', sessionId: str(obj.id), customerId: idOf(obj.customer), paymentMethodId: idOf(obj.payment_method) };
    case 'account.updated':
      return { id: event.id, type: 'account.updated', accountId: str(obj.id) };
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return { id: event.id, type: 'refund.updated', refundId: str(obj.id), paymentIntentId: idOf(obj.payment_intent), status: refundStatus(str(obj.status)) };
    default:
      return ignored;
  }
}
