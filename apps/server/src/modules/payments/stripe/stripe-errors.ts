import Stripe from 'stripe';
import { translate } from '@harbor/i18n';
import { isCardErrorCode } from '@harbor/contracts';
import { PaymentProviderError } from '../payment-provider.ts';

/**
 * Stripe's errors in the interface's terms (marketplace-buyer.md section 9:
 * card errors; provider connection, authentication, rate-limit and
 * invalid-request errors). `providerCode` is the key of the page's text
 * (`payments:cardErrors.<code>`): a card error keeps Stripe's code
 * (card_declined, expired_card, incorrect_cvc, processing_error …); the
 * others get their kind's key, except an invalid request with a code of its
 * own (resource_missing answers 404 in the service). Card and request errors
 * carry Stripe's own message (shown as meta.stripeMessage, as the spec says);
 * the others Harbor's text, since Stripe's words there are for developers
 * (an authentication error quotes part of the key).
 */

const harborText = (code: string) => translate('en', 'payments', `cardErrors.${code}`);

export function toProviderError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  if (err instanceof Stripe.errors.StripeCardError) {
    // A decline's reason can sit in decline_code (expired_card, incorrect_cvc …) under code card_declined.
    const code = isCardErrorCode(err.decline_code) ? err.decline_code : (err.code ?? 'card_declined');
    return new PaymentProviderError(err.message, 'card', code);
  }
  if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeIdempotencyError)
    return new PaymentProviderError(err.message, 'invalid-request', err.code ?? 'invalid_request_error');
  if (err instanceof Stripe.errors.StripeConnectionError) return new PaymentProviderError(harborText('api_connection_error'), 'connection', 'api_connection_error');
  if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError)
    return new PaymentProviderError(harborText('authentication_error'), 'authentication', 'authentication_error');
  if (err instanceof Stripe.errors.StripeRateLimitError) return new PaymentProviderError(harborText('rate_limit_error'), 'rate-limit', 'rate_limit_error');
  return new PaymentProviderError(harborText('unknown'), 'api', err.code ?? 'api_error');
}

/** Runs one SDK call and throws its failure as a PaymentProviderError. */
export async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw toProviderError(err);
  }
}
