/**
 * Payment constants (marketplace-buyer.md sections 4 and 9, marketplace-seller.md
 * sections 5, 8 and 9). Zod-free: the payment result pages and the hosted
 * checkout page read them at render time.
 */

/**
 * The card errors the spec names (declined, expired, incomplete or incorrect
 * number, CVC, zip, expiry, processing), by the card provider's codes. Texts
 * are `payments:cardErrors.<code>` in every language.
 */
export const CARD_ERROR_CODES = [
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'incorrect_number',
  'invalid_number',
  'incomplete_number',
  'invalid_cvc',
  'incomplete_cvc',
  'incorrect_zip',
  'incomplete_zip',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_expiry_year_past',
  'incomplete_expiry',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

export function isCardErrorCode(code: unknown): code is CardErrorCode {
  return typeof code === 'string' && (CARD_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * The local provider's test cards (the well-known numbers): any future expiry
 * and any CVC; each number stands for one outcome.
 */
export const TEST_CARDS = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'card_declined',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
} as const;

/** The payout account's status box (seller spec section 5); any other type is an error. */
export const PAYOUT_STATUS_TYPES = ['verificationNeeded', 'verificationSuccess', 'verificationError'] as const;
export type PayoutStatusType = (typeof PAYOUT_STATUS_TYPES)[number];

/** Where onboarding returns to: /account/payments/:returnURLType (and the listing editor's /l/.../:returnURLType). */
export const PAYOUT_RETURN_URL_TYPES = ['success', 'failure'] as const;
export type PayoutReturnUrlType = (typeof PAYOUT_RETURN_URL_TYPES)[number];

/**
 * The smallest online charge per currency, in minor units (the card provider's
 * minimums: 0.50 of most currencies, 50 JPY); below it an order answers
 * transaction-charge-zero-payin ('payment amount too low').
 */
export const MINIMUM_CHARGE: Record<string, number> = {
  EUR: 50,
  USD: 50,
  GBP: 30,
  SEK: 300,
  NOK: 300,
  DKK: 250,
  CHF: 50,
  JPY: 50,
};
export const DEFAULT_MINIMUM_CHARGE = 50;
export const minimumCharge = (currency: string) => MINIMUM_CHARGE[currency] ?? DEFAULT_MINIMUM_CHARGE;

/** The query the hosted pages put on /online-payment-successful and /online-payment-cancel. */
export const PAYMENT_RESULT_QUERY = { transactionId: 'transactionId', error: 'error' } as const;

/**
 * Why a transaction's payment needs the buyer's attention (transaction
 * metadata.payment.issue): paid after the window lapsed, so the order was not
 * confirmed and the payment was refunded ('Payment has been made but we were
 * unable to confirm the booking').
 */
export const PAYMENT_ISSUES = ['paid-after-expiry'] as const;
export type PaymentIssue = (typeof PAYMENT_ISSUES)[number];
