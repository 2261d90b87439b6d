/**
 * The contract schemas the payments feature checks answers against. Reached
 * only through `paymentsResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request, not before the first render.
 */
export {
  accountLinkResponseSchema,
  bankAccountTokenResponseSchema,
  createCheckoutSessionResponseSchema,
  paymentMethodsResponseSchema,
  payoutAccountResponseSchema,
  setupIntentResponseSchema,
  transactionResponseSchema,
} from '@harbor/contracts';
