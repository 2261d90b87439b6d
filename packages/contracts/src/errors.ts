import { z } from 'zod';

/**
 * The error catalogue of the spec (marketplace-seller.md section 8) plus the
 * codes the platform itself needs. Every non-2xx answer is `{ apiErrors: [...] }`
 * carrying one of these codes; the web app translates the code, never the text.
 */
export const ERROR_CODES = [
  'transaction-listing-not-found',
  'transaction-invalid-transition',
  'transaction-already-reviewed-by-customer',
  'transaction-already-reviewed-by-provider',
  'transaction-booking-time-not-available',
  'transaction-listing-insufficient-stock',
  'transaction-payment-failed',
  'transaction-charge-zero-payin',
  'transaction-charge-zero-payout',
  'email-taken',
  'email-not-found',
  'email-too-many-verification-requests',
  'request-upload-over-limit',
  'validation-invalid-params',
  'validation-invalid-value',
  'not-found',
  'forbidden',
  'transaction-missing-stripe-account',
  'old-total-mismatch',
  // The spec's user text "cannot book own listing" has no code in the catalogue; this is its code.
  'transaction-own-listing',
  // Platform codes (sign-in and plumbing) that the catalogue leaves open.
  'unauthorized',
  'invalid-credentials',
  'user-pending-approval',
  'user-rejected',
  'user-banned',
  'too-many-login-attempts',
  'too-many-requests',
  'invalid-token',
  'password-incorrect',
  'auth-in-progress',
  'conflict',
  'payload-too-large',
  'uri-too-long',
  'request-header-too-large',
  'request-timeout',
  'image-too-many-pixels',
  // Messages and attachments of a transaction (issue 15).
  'message-recipient-unavailable',
  'attachment-unsupported-type',
  // Reporting (buyer spec section 8: 'report generation failed').
  'report-generation-failed',
  // Subscriptions (buyer spec sections 4, 5: a recurring order needs exactly one cart item).
  'subscription-cart-not-single-item',
  'subscription-not-allowed',
  'subscription-invalid-status-change',
  'internal-error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  status: z.number().int(),
  /** Always present (possibly empty): details such as invalidParams or a reason. */
  meta: z.record(z.string(), z.unknown()).default({}),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const apiErrorsSchema = z.object({ apiErrors: z.array(apiErrorSchema) });
export type ApiErrors = z.infer<typeof apiErrorsSchema>;

/** One field that failed validation, as carried in validation-invalid-params meta. */
export interface InvalidParam {
  path: string;
  message: string;
}
