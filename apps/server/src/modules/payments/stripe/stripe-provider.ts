import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../../config.ts';
import {
  PaymentProviderError,
  type AccountLink,
  type AccountLinkInput,
  type BankAccountToken,
  type BankAccountTokenInput,
  type CheckoutSession,
  type CheckoutSessionInput,
  type CustomerInput,
  type CustomerPaymentMethods,
  type PaymentEvent,
  type PaymentProvider,
  type Payout,
  type PayoutAccountData,
  type PayoutAccountInput,
  type PayoutAccountUpdate,
  type PayoutInput,
  type Refund,
  type RefundInput,
  type SavedCardData,
  type SetupSession,
  type SetupSessionInput,
} from '../payment-provider.ts';
import { accountData, bankAccountParams, bankSummary } from './stripe-accounts.ts';
import { stripeCall } from './stripe-errors.ts';
import { constructStripeEvent, toPaymentEvent } from './stripe-webhooks.ts';

/**
 * PAYMENTS=stripe: the interface on the official SDK.
 *
 * Money flow: "separate charges and transfers". The buyer pays the platform
 * through a Checkout Session (one line item: the order); the charge is held
 * until the order completes, when `payout` transfers the seller's share
 * (payoutTotal) to their connected account from that very charge
 * (source_transaction), and Stripe pays it out to their bank. A cancelled or
 * declined order is refunded from the platform before anything was
 * transferred, so no transfer has to be reversed. (A destination charge,
 * transfer_data on the payment intent, would move the money at payment time
 * and leave a cancellation to claw it back.) The payment intent carries the
 * transaction and the seller's account in its metadata and the transaction
 * as its transfer_group, so Stripe's dashboard ties the charge, the refund
 * and the transfer together.
 *
 * Idempotency: every write sends an Idempotency-Key. Writes that create
 * something once take the key the payments module derives from its own ids
 * (checkout:<transaction>:<n>, refund:<action>, payout:<action>,
 * payout-account:<user>:<token>, customer:<user>, attach:<customer>:<card>)
 * or derive one here (expire:<session>, detach:<card>), so any retry, the
 * SDK's or the relay's after a crash, gets Stripe's first answer back. Writes
 * meant to make a new object each time (an account link, a bank token) or to
 * set a state that can go back and forth (the default card) get a fresh key
 * per call: a derived one would make Stripe replay a stale link or an old
 * default for 24 hours; the SDK still reuses that key on its own retries.
 */

export interface StripeProviderOptions {
  secretKey: string;
  /** The endpoints' signing secrets (the platform's events, and the connected accounts' when they come from a second endpoint). */
  webhookSecrets: readonly string[];
  /** Another API address (tests: a local HTTP server answering in Stripe's shapes). */
  api?: { host?: string; port?: number; protocol?: 'http' | 'https' };
  /** The SDK's own retries of a failed request (with the same idempotency key). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** A card-saving session needs a currency; the marketplace's. */
  currency: string;
  webhookToleranceS?: number;
}

const fromUnix = (s: number) => new Date(s * 1000);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const money = (amount: number, currency: string) => ({ amount, currency: currency.toUpperCase() });
const noSuch = (what: string, id: string) => new PaymentProviderError(`No such ${what}: '${id}'`, 'invalid-request', 'resource_missing');

function cardOf(pm: Stripe.PaymentMethod): SavedCardData {
  // Only what the page shows: never a fingerprint or the billing details.
  const c = pm.card;
  return { id: pm.id, brand: c?.brand ?? 'unknown', last4: c?.last4 ?? '', expMonth: c?.exp_month ?? 0, expYear: c?.exp_year ?? 0 };
}

export function createStripeClient(o: Pick<StripeProviderOptions, 'secretKey' | 'api' | 'maxNetworkRetries' | 'timeoutMs'>): Stripe {
  return new Stripe(o.secretKey, {
    ...(o.api?.host && { host: o.api.host }),
    ...(o.api?.port && { port: o.api.port }),
    ...(o.api?.protocol && { protocol: o.api.protocol }),
    maxNetworkRetries: o.maxNetworkRetries ?? 2,
    timeout: o.timeoutMs ?? 30_000,
    telemetry: false,
    appInfo: { name: 'Harbor' },
  });
}

export type StripeProvider = PaymentProvider & { readonly stripe: Stripe };

export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const stripe = createStripeClient(options);

  async function retrieveSession(id: string) {
    return stripeCall(() => stripe.checkout.sessions.retrieve(id));
  }

  return {
    name: 'stripe',
    stripe,

    async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
      const metadata = { transactionId: input.transactionId, destinationAccountId: input.destinationAccountId };
      const session = await stripeCall(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            allowed_payment_method_types: ['card'],
            line_items: [{ quantity: 1, price_data: { currency: input.amount.currency.toLowerCase(), unit_amount: input.amount.amount, product_data: { name: input.description } } }],
            client_reference_id: input.transactionId,
            metadata,
            ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
            locale: input.language,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            // No expires_at: the payments module asks it as "now + 30 minutes" at the least, so a retry with the
            // same key would differ from the first request and Stripe would refuse it (idempotency_error). Harbor
            // closes the session itself when its window lapses (the expire-session action); a payment after that is refunded.
            payment_intent_data: { description: input.description, metadata, transfer_group: input.transactionId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe answered a checkout session without a URL', 'api', 'api_error');
      return { id: session.id, url: session.url, expiresAt: fromUnix(session.expires_at) };
    },

    async expireCheckoutSession(sessionId: string): Promise<void> {
      if ((await retrieveSession(sessionId)).status !== 'open') return;
      try {
        await stripeCall(() => stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire:${sessionId}` }));
      } catch (err) {
        // Paid or ended between the two calls: left as it is.
        if (err instanceof PaymentProviderError && err.kind === 'invalid-request' && (await retrieveSession(sessionId)).status !== 'open') return;
        throw err;
      }
    },

    verifyWebhook(rawBody, headers): PaymentEvent {
      return toPaymentEvent(constructStripeEvent(stripe.webhooks, options.webhookSecrets, rawBody, headers, options.webhookToleranceS));
    },

    async refund(input: RefundInput): Promise<Refund> {
      const refund = await stripeCall(() =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            ...(input.amount && { amount: input.amount.amount }),
            // Stripe knows three reasons; Harbor's own goes in the metadata.
            reason: input.reason === 'duplicate' ? 'duplicate' : 'requested_by_customer',
            metadata: { transactionId: input.transactionId, reason: input.reason },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { id: refund.id, status, amount: money(refund.amount, refund.currency) };
    },

    async payout(input: PayoutInput): Promise<Payout> {
      // The transfer is funded by the order's own charge, so it waits for that charge's funds, not the platform's balance.
      const intent = await stripeCall(() => stripe.paymentIntents.retrieve(input.paymentIntentId));
      const charge = idOf(intent.latest_charge);
      if (!charge) throw new PaymentProviderError(`Payment ${input.paymentIntentId} has no charge to pay out from`, 'invalid-request', 'charge_missing');
      const transfer = await stripeCall(() =>
        stripe.transfers.create(
          {
            amount: input.amount.amount,
            currency: input.amount.currency.toLowerCase(),
            destination: input.accountId,
            source_transaction: charge,
            transfer_group: input.transactionId,
            metadata: { transactionId: input.transactionId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: transfer.id, status: transfer.reversed ? 'failed' : 'paid', amount: money(transfer.amount, transfer.currency) };
    },

    async createBankAccountToken(input: BankAccountTokenInput): Promise<BankAccountToken> {
      const token = await stripeCall(() => stripe.tokens.create({ bank_account: bankAccountParams(input) }, { idempotencyKey: `bank-token:${randomUUID()}` }));
      if (!token.bank_account) throw new PaymentProviderError('Stripe answered a token without a bank account', 'api', 'api_error');
      return { id: token.id, bankAccount: bankSummary(token.bank_account) };
    },

    async createPayoutAccount(input: PayoutAccountInput): Promise<PayoutAccountData> {
      const account = await stripeCall(() =>
        stripe.accounts.create(
          {
            // Custom: Harbor collects the bank account itself (the token) and sends the seller to Stripe's hosted onboarding for the rest (account links of both types).
            type: 'custom',
            country: input.country,
            email: input.email,
            business_type: input.accountType,
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            business_profile: { mcc: input.businessProfileMCC, ...(input.businessProfileURL && { url: input.businessProfileURL }) },
            external_account: input.bankAccountToken,
            metadata: { userId: input.userId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return accountData(account);
    },

    async updatePayoutAccount(accountId: string, update: PayoutAccountUpdate): Promise<PayoutAccountData> {
      const profile = {
        ...(update.businessProfileMCC !== undefined && { mcc: update.businessProfileMCC }),
        // An empty string clears the URL at Stripe.
        ...(update.businessProfileURL !== undefined && { url: update.businessProfileURL ?? '' }),
      };
      const account = await stripeCall(() =>
        stripe.accounts.update(
          accountId,
          {
            // A new default bank account for its currency replaces the old one.
            ...(update.bankAccountToken && { external_account: update.bankAccountToken }),
            ...(Object.keys(profile).length && { business_profile: profile }),
          },
          { idempotencyKey: update.idempotencyKey },
        ),
      );
      return accountData(account);
    },

    async fetchPayoutAccount(accountId: string): Promise<PayoutAccountData> {
      return accountData(await stripeCall(() => stripe.accounts.retrieve(accountId)));
    },

    async createAccountLink(input: AccountLinkInput): Promise<AccountLink> {
      // Stripe's hosted onboarding asks only what is due now; it picks its language from the browser.
      const link = await stripeCall(() =>
        stripe.accountLinks.create(
          { account: input.accountId, type: input.type, return_url: input.returnUrl, refresh_url: input.refreshUrl, collection_options: { fields: 'currently_due' } },
          { idempotencyKey: `account-link:${input.accountId}:${randomUUID()}` },
        ),
      );
      return { url: link.url, expiresAt: fromUnix(link.expires_at) };
    },

    async createCustomer(input: CustomerInput): Promise<{ id: string }> {
      const customer = await stripeCall(() => stripe.customers.create({ email: input.email, name: input.name, metadata: { userId: input.userId } }, { idempotencyKey: input.idempotencyKey }));
      return { id: customer.id };
    },

    async createSetupSession(input: SetupSessionInput): Promise<SetupSession> {
      const session = await stripeCall(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'setup',
            currency: options.currency.toLowerCase(),
            allowed_payment_method_types: ['card'],
            customer: input.customerId,
            locale: input.language,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            setup_intent_data: { metadata: { customerId: input.customerId } },
            // The setup intent's client secret, for an in-page card form.
            expand: ['setup_intent'],
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe answered a setup session without a URL', 'api', 'api_error');
      const intent = session.setup_intent;
      return { id: session.id, url: session.url, clientSecret: intent && typeof intent === 'object' ? intent.client_secret : null };
    },

    async listPaymentMethods(customerId: string): Promise<CustomerPaymentMethods> {
      const customer = await stripeCall(() => stripe.customers.retrieve(customerId));
      if (customer.deleted) throw noSuch('customer', customerId);
      const list = await stripeCall(() => stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }));
      return { methods: list.data.map(cardOf), defaultPaymentMethodId: idOf(customer.invoice_settings?.default_payment_method) };
    },

    async attachPaymentMethod(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<SavedCardData> {
      return cardOf(await stripeCall(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey })));
    },

    async detachPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
      // Only the customer's own card: Stripe would detach any card of the platform by its id.
      const pm = await stripeCall(() => stripe.paymentMethods.retrieve(paymentMethodId));
      if (idOf(pm.customer) !== customerId) throw noSuch('payment method', paymentMethodId);
      await stripeCall(() => stripe.paymentMethods.detach(paymentMethodId, {}, { idempotencyKey: `detach:${paymentMethodId}` }));
    },

    async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
      await stripeCall(() =>
        stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }, { idempotencyKey: `default-card:${customerId}:${randomUUID()}` }),
      );
    },
  };
}

/** The provider PAYMENTS=stripe runs (loadConfig has made sure both keys are there). */
export function stripeProviderFromConfig(config: Config): StripeProvider {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecrets: config.STRIPE_WEBHOOK_SECRET.split(',').map((x) => x.trim()),
    api: { host: config.STRIPE_API_HOST, port: config.STRIPE_API_PORT, protocol: config.STRIPE_API_PROTOCOL },
    currency: config.MARKETPLACE_CURRENCY,
  });
}
