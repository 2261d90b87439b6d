import type { IncomingHttpHeaders } from 'node:http';
import type { BankAccountFields, CardErrorCode, Language, PayoutAccountType, PayoutStatusType } from '@harbor/contracts';

/**
 * The one seam between Harbor and a card-payment provider (issue 16). The
 * payments module speaks only this interface; `PAYMENTS=local` gives the
 * provider Harbor runs itself (hosted pages, signed webhooks, a ledger), and
 * `PAYMENTS=stripe` the Stripe adapter (Checkout Sessions, Connect accounts,
 * SetupIntents). Shapes follow Stripe's objects loosely, since that is the
 * provider the original product used, but carry only what Harbor reads.
 *
 * Ids are the provider's own strings. Every write takes an idempotency key:
 * the payments module retries after crashes and timeouts, and a provider must
 * answer a repeated key with the first result instead of charging twice.
 */

export interface ProviderMoney {
  /** Integer minor units. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

// ---------------------------------------------------------------------------
// Card payment (checkout)

export interface CheckoutSessionInput {
  /** Harbor's transaction being paid; echoed back in the webhook events. */
  transactionId: string;
  amount: ProviderMoney;
  /** What the buyer sees on the hosted page, e.g. the listing title. */
  description: string;
  /** The buyer: the provider's customer (saved cards) and the page language. */
  customerId: string | null;
  customerEmail: string;
  language: Language;
  /** The seller's connected payout account: the funds are the seller's (destination charge). */
  destinationAccountId: string;
  /** Absolute URLs the hosted page returns the browser to. */
  successUrl: string;
  cancelUrl: string;
  /** The session cannot be paid after this (the 15-minute window). */
  expiresAt: Date;
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the browser goes to pay. */
  url: string;
  expiresAt: Date;
}

// ---------------------------------------------------------------------------
// Webhooks

/**
 * What a verified webhook says, reduced to what Harbor acts on. Every event
 * carries the provider's event id: a redelivered event has the same id, and
 * the payments module applies each id once.
 */
export type PaymentEvent =
  | {
      id: string;
      type: 'checkout.completed';
      sessionId: string;
      transactionId: string;
      paymentIntentId: string;
      amount: ProviderMoney;
    }
  | {
      id: string;
      type: 'checkout.expired';
      sessionId: string;
      transactionId: string;
      /** Why the session ended unpaid: a card decision, or null for a cancel or a lapsed window. */
      failureCode: CardErrorCode | null;
    }
  | { id: string; type: 'setup.completed'; sessionId: string; customerId: string; paymentMethodId: string }
  | { id: string; type: 'account.updated'; accountId: string }
  | { id: string; type: 'refund.updated'; refundId: string; paymentIntentId: string; status: RefundStatus }
  /** An event Harbor does not act on; acknowledged so the provider stops sending it. */
  | { id: string; type: 'ignored'; providerType: string };

/** Thrown by verifyWebhook: the route answers 400 and logs it. */
export class WebhookSignatureError extends Error {
  constructor(readonly reason: 'missing-signature' | 'bad-signature' | 'stale-timestamp' | 'malformed') {
    super(`webhook refused: ${reason}`);
  }
}

// ---------------------------------------------------------------------------
// Refunds and payouts

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export interface RefundInput {
  paymentIntentId: string;
  /** Omitted: the whole remaining amount. */
  amount?: ProviderMoney;
  reason: 'requested_by_customer' | 'duplicate' | 'expired_uncaptured' | 'declined' | 'cancelled';
  transactionId: string;
  idempotencyKey: string;
}

export interface Refund {
  id: string;
  status: RefundStatus;
  amount: ProviderMoney;
}

export interface PayoutInput {
  /** The seller's connected account the money goes to. */
  accountId: string;
  amount: ProviderMoney;
  /** The paid charge the money comes from (Stripe: source_transaction of the transfer). */
  paymentIntentId: string;
  transactionId: string;
  idempotencyKey: string;
}

export interface Payout {
  id: string;
  status: 'pending' | 'paid' | 'failed';
  amount: ProviderMoney;
}

// ---------------------------------------------------------------------------
// Connected payout accounts (sellers)

/** The bank account as the provider keeps it: never the full number. */
export interface BankAccountSummary {
  last4: string;
  country: string;
  currency: string;
  bankName: string | null;
}

export interface BankAccountToken {
  id: string;
  bankAccount: BankAccountSummary;
}

export interface BankAccountTokenInput {
  country: string;
  currency: string;
  /** Normalized inputs of the country's form (contracts/bank-accounts.ts). */
  fields: BankAccountFields;
  accountHolderType: PayoutAccountType;
}

export interface PayoutAccountInput {
  /** Harbor's user the account belongs to (metadata at the provider). */
  userId: string;
  email: string;
  accountType: PayoutAccountType;
  country: string;
  bankAccountToken: string;
  businessProfileURL: string | null;
  /** Merchant category code; Harbor's default is 5734. */
  businessProfileMCC: string;
  idempotencyKey: string;
}

export interface PayoutAccountUpdate {
  bankAccountToken?: string;
  businessProfileURL?: string | null;
  businessProfileMCC?: string;
  idempotencyKey: string;
}

/** A connected account as Harbor shows it (seller spec section 5: stripeAccountData). */
export interface PayoutAccountData {
  id: string;
  accountType: PayoutAccountType;
  country: string;
  defaultCurrency: string;
  businessProfileURL: string | null;
  businessProfileMCC: string;
  bankAccount: BankAccountSummary | null;
  /** The status box: needs verification, up to date, failed. */
  status: PayoutStatusType;
  /** Requirements still to collect (Stripe: requirements.currently_due). */
  currentlyDue: string[];
  /** Why verification failed, as the provider says it. */
  errors: string[];
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export interface AccountLinkInput {
  accountId: string;
  /** account_onboarding the first time, account_update later; both collect currently_due. */
  type: 'account_onboarding' | 'account_update';
  /** Absolute URLs: where the browser returns after onboarding, and where it goes when the link has expired. */
  returnUrl: string;
  refreshUrl: string;
  language: Language;
}

export interface AccountLink {
  url: string;
  expiresAt: Date;
}

// ---------------------------------------------------------------------------
// Customers and saved cards (buyers)

export interface CustomerInput {
  userId: string;
  email: string;
  name: string;
  idempotencyKey: string;
}

/** A saved card (seller spec section 5: brand, expirationMonth, expirationYear, last4Digits). */
export interface SavedCardData {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SetupSessionInput {
  customerId: string;
  /** Absolute URLs the hosted card form returns to. */
  successUrl: string;
  cancelUrl: string;
  language: Language;
  idempotencyKey: string;
}

export interface SetupSession {
  id: string;
  /** Where the browser goes to enter the card. */
  url: string;
  /** For an in-page card form (Stripe Elements' confirmCardSetup); null when only the hosted page exists. */
  clientSecret: string | null;
}

export interface CustomerPaymentMethods {
  methods: SavedCardData[];
  defaultPaymentMethodId: string | null;
}

// ---------------------------------------------------------------------------

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';

  /** Starts a hosted card payment for one transaction. */
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** Ends an unpaid session (the window lapsed or the order was cancelled); a paid or ended one is left as it is. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Checks a webhook's signature over the raw body and parses it; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent;
  refund(input: RefundInput): Promise<Refund>;
  /** Moves a completed order's money to the seller's account (a transfer; the provider pays it out to the bank). */
  payout(input: PayoutInput): Promise<Payout>;

  createBankAccountToken(input: BankAccountTokenInput): Promise<BankAccountToken>;
  createPayoutAccount(input: PayoutAccountInput): Promise<PayoutAccountData>;
  updatePayoutAccount(accountId: string, update: PayoutAccountUpdate): Promise<PayoutAccountData>;
  fetchPayoutAccount(accountId: string): Promise<PayoutAccountData>;
  createAccountLink(input: AccountLinkInput): Promise<AccountLink>;

  createCustomer(input: CustomerInput): Promise<{ id: string }>;
  createSetupSession(input: SetupSessionInput): Promise<SetupSession>;
  listPaymentMethods(customerId: string): Promise<CustomerPaymentMethods>;
  /** Attaches a card collected by a setup session (idempotent when attached already). */
  attachPaymentMethod(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<SavedCardData>;
  detachPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
}

/** A provider's failure that Harbor reports with the provider's message (meta.stripeMessage, as the spec names it). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'card' | 'invalid-request' | 'connection' | 'authentication' | 'rate-limit' | 'api',
    readonly providerCode: string | null = null,
  ) {
    super(message);
  }
}
