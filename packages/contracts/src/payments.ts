import { z } from 'zod';
import { bankAccountInputSchema, payoutAccountTypeSchema } from './bank-account-schema.ts';
import { PAYOUT_COUNTRIES, PAYOUT_DEFAULT_MCC } from './bank-accounts.ts';
import { PAYOUT_STATUS_TYPES } from './payment-constants.ts';

/**
 * Payments (issue 16; marketplace-buyer.md sections 4, 7 and 9,
 * marketplace-seller.md sections 5 and 7): online card payment of one order,
 * the seller's payout account and the buyer's saved cards. Paths:
 *
 * - POST /api/payment-accounts/create-checkout-session (the spec's path) → { sessionUrl }
 * - POST /api/payments/webhook: the provider's signed events (not for browsers)
 * - GET, POST, PUT /api/payment-accounts/payout-account
 * - POST /api/payment-accounts/bank-account-token
 * - POST /api/payment-accounts/payout-account/account-link
 * - GET /v1/marketplace/organizations/{id}/payment-accounts (the spec's path)
 * - GET, POST /api/payment-methods; POST /api/payment-methods/setup-intent;
 *   PUT /api/payment-methods/default; DELETE /api/payment-methods/{id}
 */
export * from './payment-constants.ts';

/** A path inside Harbor the browser is sent back to (no scheme, no host: nothing for an open redirect). */
const returnPath = z
  .string()
  .max(500, 'validation.tooLong')
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~/%]*$/, 'validation.invalid');

/** POST /api/payment-accounts/create-checkout-session: accountId and cartId are derived from the transaction when omitted. */
export const createCheckoutSessionBodySchema = z.object({
  transactionId: z.uuid('validation.invalid'),
  accountId: z.string().max(200).optional().describe('the seller’s payout account id; must be the transaction’s seller’s when given'),
  cartId: z.uuid('validation.invalid').optional().describe('the cart the order was placed from; must be the transaction’s when given'),
});
export type CreateCheckoutSessionBody = z.infer<typeof createCheckoutSessionBodySchema>;
export const createCheckoutSessionResponseSchema = z.object({ sessionUrl: z.string() });
export type CreateCheckoutSessionResponse = z.infer<typeof createCheckoutSessionResponseSchema>;

// ---------------------------------------------------------------------------
// Payout account (sellers)

export const payoutStatusSchema = z.object({ type: z.enum(PAYOUT_STATUS_TYPES) });

/** The seller's connected payout account as the payout page shows it (the spec's stripeAccountData, reduced). */
export const payoutAccountSchema = z.object({
  id: z.string().describe('the provider’s account id (the spec’s stripeAccountId)'),
  provider: z.enum(['local', 'stripe']),
  accountType: payoutAccountTypeSchema,
  country: z.string(),
  defaultCurrency: z.string(),
  businessProfileURL: z.string().nullable(),
  businessProfileMCC: z.string(),
  bankAccount: z
    .object({ last4: z.string(), country: z.string(), currency: z.string(), bankName: z.string().nullable() })
    .nullable()
    .describe('the saved account, masked to its last four characters'),
  status: payoutStatusSchema,
  currentlyDue: z.array(z.string()).describe('what onboarding still has to collect'),
  errors: z.array(z.string()),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountResponseSchema = z.object({ data: payoutAccountSchema.nullable() });
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponseSchema>;

const mcc = z.string().regex(/^\d{4}$/, 'validation.invalid');
const businessUrl = z.url('validation.invalid').max(500, 'validation.tooLong');

/** POST /api/payment-accounts/payout-account: the first-time form (seller spec section 5). */
export const createPayoutAccountBodySchema = z.object({
  accountType: payoutAccountTypeSchema,
  country: z.enum(PAYOUT_COUNTRIES, { message: 'payments:bank.errors.unsupportedCountry' }),
  bankAccountToken: z.string().min(1, 'validation.required').max(200),
  businessProfileURL: businessUrl.nullish(),
  businessProfileMCC: mcc.default(PAYOUT_DEFAULT_MCC),
});
export type CreatePayoutAccountBody = z.infer<typeof createPayoutAccountBodySchema>;
export type CreatePayoutAccountBodyInput = z.input<typeof createPayoutAccountBodySchema>;

/** PUT /api/payment-accounts/payout-account: replace the bank account or the business profile. */
export const updatePayoutAccountBodySchema = z.object({
  bankAccountToken: z.string().min(1, 'validation.required').max(200).optional(),
  businessProfileURL: businessUrl.nullish(),
  businessProfileMCC: mcc.optional(),
});
export type UpdatePayoutAccountBody = z.infer<typeof updatePayoutAccountBodySchema>;

/** POST /api/payment-accounts/bank-account-token: the country's inputs (bank-accounts.ts rules) become a token. */
export const bankAccountTokenBodySchema = bankAccountInputSchema;
export const bankAccountTokenResponseSchema = z.object({
  data: z.object({
    id: z.string().describe('the token the payout account create or update call takes'),
    bankAccount: z.object({ last4: z.string(), country: z.string(), currency: z.string(), bankName: z.string().nullable() }),
  }),
});
export type BankAccountTokenResponse = z.infer<typeof bankAccountTokenResponseSchema>;

/**
 * POST /api/payment-accounts/payout-account/account-link: onboarding at the
 * provider. It returns to `${returnPath}/success`, or `${returnPath}/failure`
 * when the link lapsed or failed (the routes' :returnURLType).
 */
export const accountLinkBodySchema = z.object({
  returnPath: returnPath.default('/account/payments'),
});
export type AccountLinkBody = z.infer<typeof accountLinkBodySchema>;
export const accountLinkResponseSchema = z.object({ data: z.object({ url: z.string(), expiresAt: z.string() }) });
export type AccountLinkResponse = z.infer<typeof accountLinkResponseSchema>;

/** GET /v1/marketplace/organizations/{id}/payment-accounts: the payout accounts of the organization's members (members and the operator). */
export const organizationPaymentAccountsResponseSchema = z.object({
  data: z.array(payoutAccountSchema.extend({ userId: z.uuid() })),
});
export type OrganizationPaymentAccountsResponse = z.infer<typeof organizationPaymentAccountsResponseSchema>;

// ---------------------------------------------------------------------------
// Saved cards (buyers)

/** A saved card (seller spec section 5): brand, expirationMonth, expirationYear, last4Digits. */
export const savedCardSchema = z.object({
  id: z.string().describe('the provider’s payment method id (the spec’s stripePaymentMethodId)'),
  brand: z.string(),
  expirationMonth: z.number().int(),
  expirationYear: z.number().int(),
  last4Digits: z.string(),
  isDefault: z.boolean(),
  expired: z.boolean().describe('year before this year, or this year and month before this month'),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const paymentMethodsResponseSchema = z.object({
  data: z.array(savedCardSchema),
  defaultPaymentMethodId: z.string().nullable(),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

/** POST /api/payment-methods/setup-intent: a card form at the provider; it returns to `${returnPath}?setup=success|cancel`. */
export const setupIntentBodySchema = z.object({ returnPath: returnPath.default('/account/payment-methods') });
export type SetupIntentBody = z.infer<typeof setupIntentBodySchema>;
export const setupIntentResponseSchema = z.object({
  data: z.object({
    id: z.string(),
    url: z.string().describe('the hosted card form'),
    clientSecret: z.string().nullable().describe('for an in-page card form where the provider has one'),
  }),
});
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** POST /api/payment-methods: the spec's addPaymentMethod(stripePaymentMethodId). */
export const addPaymentMethodBodySchema = z.object({
  stripePaymentMethodId: z.string().min(1, 'validation.required').max(200),
  makeDefault: z.boolean().default(true).describe('a new card replaces the default (the page’s replace-card)'),
});
export type AddPaymentMethodBody = z.infer<typeof addPaymentMethodBodySchema>;

/** PUT /api/payment-methods/default. */
export const defaultPaymentMethodBodySchema = z.object({ stripePaymentMethodId: z.string().min(1, 'validation.required').max(200) });
export type DefaultPaymentMethodBody = z.infer<typeof defaultPaymentMethodBodySchema>;

/** A card shows as expired when its year is before this year, or this year and its month before this month. */
export function isCardExpired(card: { expirationMonth: number; expirationYear: number }, now: Date = new Date()): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return card.expirationYear < year || (card.expirationYear === year && card.expirationMonth < month);
}
