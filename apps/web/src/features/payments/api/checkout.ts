import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { externalNavigation } from './external-navigation.ts';
import { paymentsResponseSchemas } from './lazy-schemas.ts';

/**
 * POST /api/payment-accounts/create-checkout-session (buyer spec section 7):
 * the server derives the seller's account and the cart from the transaction;
 * the browser then goes to the hosted payment page (sessionUrl).
 */
export async function createCheckoutSession(transactionId: string): Promise<string> {
  const answer = await parseAnswer(paymentsResponseSchemas(), api.post<unknown>('/api/payment-accounts/create-checkout-session', { transactionId }), (s, a) =>
    s.createCheckoutSessionResponseSchema.parse(a),
  );
  return answer.sessionUrl;
}

/** Starts the card payment of one pending-payment order and leaves for the payment page. */
export async function payOnline(transactionId: string): Promise<void> {
  externalNavigation.assign(await createCheckoutSession(transactionId));
}
