import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { PaymentProviderError, WebhookSignatureError } from '../payment-provider.ts';
import { FakeStripe, stripeError } from './fake-stripe-server.ts';
import { createStripeProvider, type StripeProvider } from './stripe-provider.ts';

/**
 * The Stripe provider with the real SDK, pointed (host, port, protocol) at a
 * local server answering in Stripe's documented shapes: what goes over the
 * wire, and how the answers and errors come back.
 */

const KEY = 'sk_test_harbor_fake_key';
const WHSEC = 'whsec_harbor_fake_secret';

describe('Stripe provider against a local Stripe-shaped server', () => {
  let fake: FakeStripe;
  let p: StripeProvider;

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    p = createStripeProvider({ secretKey: KEY, webhookSecrets: [WHSEC, 'whsec_connect_endpoint'], api: { host: '127.0.0.1', port: fake.port, protocol: 'http' }, currency: 'EUR', maxNetworkRetries: 1 });
  });
  afterAll(() => fake.stop());

  it('creates a checkout session: one line item, the result pages, the transaction in the metadata, the idempotency key', async () => {
    const expiresAt = new Date(Date.now() + 31 * 60_000);
    const s = await p.createCheckoutSession({
      transactionId: 'tx-1',
      amount: { amount: 12_500, currency: 'EUR' },
      description: 'Fresh water 10 m³',
      customerId: null,
      customerEmail: 'buyer@harbor.test',
      language: 'fi',
      destinationAccountId: 'acct_seller',
      successUrl: 'https://harbor.example/online-payment-successful?transactionId=tx-1',
      cancelUrl: 'https://harbor.example/online-payment-cancel?transactionId=tx-1',
      expiresAt,
      idempotencyKey: 'checkout:tx-1:0',
    });
    expect(s.url).toBe(`https://checkout.stripe.com/c/pay/${s.id}`);
    // Stripe's own expiry (24 hours); Harbor closes the session when its window lapses.
    expect(s.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime());
    const r = fake.last('POST', '/v1/checkout/sessions');
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.headers['idempotency-key']).toBe('checkout:tx-1:0');
    expect(r.headers['stripe-account']).toBeUndefined();
    expect(r.form).toMatchObject({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '12500',
      'line_items[0][price_data][product_data][name]': 'Fresh water 10 m³',
      client_reference_id: 'tx-1',
      'metadata[transactionId]': 'tx-1',
      customer_email: 'buyer@harbor.test',
      locale: 'fi',
      success_url: 'https://harbor.example/online-payment-successful?transactionId=tx-1',
      cancel_url: 'https://harbor.example/online-payment-cancel?transactionId=tx-1',
      'payment_intent_data[metadata][transactionId]': 'tx-1',
      'payment_intent_data[metadata][destinationAccountId]': 'acct_seller',
      'payment_intent_data[transfer_group]': 'tx-1',
    });
    expect(r.form['line_items[1][quantity]']).toBeUndefined();
    expect(r.form.expires_at).toBeUndefined();
  });

  it('a checkout asked again with the same key (a retry after a crash) gets the first session back, though its window end was computed anew', async () => {
    const ask = (minutes: number) =>
      p.createCheckoutSession({
        transactionId: 'tx-r', amount: { amount: 900, currency: 'EUR' }, description: 'Pilotage', customerId: null, customerEmail: 'b@h.test', language: 'en',
        destinationAccountId: 'acct_x', successUrl: 'https://h/s', cancelUrl: 'https://h/c', expiresAt: new Date(Date.now() + minutes * 60_000), idempotencyKey: 'checkout:tx-r:0',
      });
    const first = await ask(30);
    const second = await ask(31);
    expect(second.id).toBe(first.id);
    expect([...fake.sessions.values()].filter((x) => x.client_reference_id === 'tx-r')).toHaveLength(1);
  });

  it('the SDK retries a failed write with the same idempotency key', async () => {
    fake.inject((r) => r.path === '/v1/customers' && r.method === 'POST', stripeError(500, { type: 'api_error', message: 'Something went wrong' }));
    const before = fake.sent('POST', '/v1/customers').length;
    const c = await p.createCustomer({ userId: 'u-1', email: 'buyer@harbor.test', name: 'Bea Buyer', idempotencyKey: 'customer:u-1' });
    const sent = fake.sent('POST', '/v1/customers').slice(before);
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(['customer:u-1', 'customer:u-1']);
    expect(sent[1]!.form).toMatchObject({ email: 'buyer@harbor.test', name: 'Bea Buyer', 'metadata[userId]': 'u-1' });
    expect(c.id).toMatch(/^cus_/);
  });

  it('expires an open session once and leaves a paid one alone', async () => {
    const open = await p.createCheckoutSession({
      transactionId: 'tx-2', amount: { amount: 500, currency: 'EUR' }, description: 'x', customerId: null, customerEmail: 'b@h.test', language: 'en',
      destinationAccountId: 'acct_x', successUrl: 'https://h/s', cancelUrl: 'https://h/c', expiresAt: new Date(Date.now() + 3_600_000), idempotencyKey: 'checkout:tx-2:0',
    });
    await p.expireCheckoutSession(open.id);
    expect(fake.last('POST', `/v1/checkout/sessions/${open.id}/expire`).headers['idempotency-key']).toBe(`expire:${open.id}`);
    await p.expireCheckoutSession(open.id);
    expect(fake.sent('POST', `/v1/checkout/sessions/${open.id}/expire`)).toHaveLength(1);
  });

  it('Connect: bank token by country, a custom account with card_payments and transfers and MCC 5734, an account link collecting currently_due, requirements as the status box', async () => {
    const token = await p.createBankAccountToken({ country: 'FI', currency: 'EUR', fields: { iban: 'FI2112345600000785' }, accountHolderType: 'company' });
    expect(token.bankAccount).toEqual({ last4: '0785', country: 'FI', currency: 'EUR', bankName: 'STRIPE TEST BANK' });
    const t = fake.last('POST', '/v1/tokens');
    expect(t.form).toEqual({ 'bank_account[country]': 'FI', 'bank_account[currency]': 'eur', 'bank_account[account_holder_type]': 'company', 'bank_account[account_number]': 'FI2112345600000785' });
    expect(t.headers['idempotency-key']).toMatch(/^bank-token:/);

    await p.createBankAccountToken({ country: 'CA', currency: 'CAD', fields: { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' }, accountHolderType: 'individual' });
    expect(fake.last('POST', '/v1/tokens').form).toMatchObject({ 'bank_account[routing_number]': '11000000', 'bank_account[account_number]': '000123456789' });
    await p.createBankAccountToken({ country: 'HK', currency: 'HKD', fields: { clearingCode: '110', branchCode: '000', accountNumber: '000123456' }, accountHolderType: 'individual' });
    expect(fake.last('POST', '/v1/tokens').form).toMatchObject({ 'bank_account[routing_number]': '110-000' });
    await p.createBankAccountToken({ country: 'JP', currency: 'JPY', fields: { bankName: 'Test', branchName: 'Tokyo', bankCode: '1100', branchCode: '000', accountNumber: '0001234', accountHolderName: 'Yamada Hanako' }, accountHolderType: 'individual' });
    expect(fake.last('POST', '/v1/tokens').form).toMatchObject({ 'bank_account[routing_number]': '1100000', 'bank_account[account_holder_name]': 'Yamada Hanako' });
    await p.createBankAccountToken({ country: 'MX', currency: 'MXN', fields: { clabe: '000000001234567897' }, accountHolderType: 'company' });
    expect(fake.last('POST', '/v1/tokens').form['bank_account[routing_number]']).toBeUndefined();

    const account = await p.createPayoutAccount({
      userId: 'seller-1', email: 'seller@harbor.test', accountType: 'company', country: 'FI', bankAccountToken: token.id, businessProfileURL: null, businessProfileMCC: '5734', idempotencyKey: `payout-account:seller-1:${token.id}`,
    });
    const a = fake.last('POST', '/v1/accounts');
    expect(a.headers['idempotency-key']).toBe(`payout-account:seller-1:${token.id}`);
    expect(a.form).toMatchObject({
      type: 'custom', country: 'FI', email: 'seller@harbor.test', business_type: 'company',
      'capabilities[card_payments][requested]': 'true', 'capabilities[transfers][requested]': 'true',
      'business_profile[mcc]': '5734', external_account: token.id, 'metadata[userId]': 'seller-1',
    });
    expect(a.form['business_profile[url]']).toBeUndefined();
    expect(account).toMatchObject({ accountType: 'company', country: 'FI', defaultCurrency: 'EUR', businessProfileMCC: '5734', status: 'verificationNeeded', chargesEnabled: false, bankAccount: { last4: '0785' } });
    expect(account.currentlyDue).toContain('company.name');

    const link = await p.createAccountLink({ accountId: account.id, type: 'account_onboarding', returnUrl: 'https://h/account/payments/success', refreshUrl: 'https://h/account/payments/failure', language: 'en' });
    const l = fake.last('POST', '/v1/account_links');
    expect(l.form).toEqual({ account: account.id, type: 'account_onboarding', return_url: 'https://h/account/payments/success', refresh_url: 'https://h/account/payments/failure', 'collection_options[fields]': 'currently_due' });
    expect(l.headers['idempotency-key']).toMatch(new RegExp(`^account-link:${account.id}:`));
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);

    fake.completeOnboarding(account.id);
    expect(await p.fetchPayoutAccount(account.id)).toMatchObject({ status: 'verificationSuccess', currentlyDue: [], chargesEnabled: true, payoutsEnabled: true });
    Object.assign(fake.accounts.get(account.id)!.requirements as object, { errors: [{ code: 'verification_failed_other', reason: 'The document could not be verified.', requirement: 'company.tax_id' }], currently_due: ['company.tax_id'] });
    expect(await p.fetchPayoutAccount(account.id)).toMatchObject({ status: 'verificationError', errors: ['The document could not be verified.'] });

    const replaced = await p.createBankAccountToken({ country: 'FI', currency: 'EUR', fields: { iban: 'FI1410093000123458' }, accountHolderType: 'company' });
    const updated = await p.updatePayoutAccount(account.id, { bankAccountToken: replaced.id, businessProfileURL: 'https://seller.example', idempotencyKey: 'upd-1' });
    expect(fake.last('POST', `/v1/accounts/${account.id}`).form).toEqual({ external_account: replaced.id, 'business_profile[url]': 'https://seller.example' });
    expect(updated).toMatchObject({ bankAccount: { last4: '3458' }, businessProfileURL: 'https://seller.example' });
  });

  it('saved cards: setup session with the client secret, brand/last4/expiry only, default, attach, detach only the customer’s own card', async () => {
    const { id: customer } = await p.createCustomer({ userId: 'u-2', email: 'b2@harbor.test', name: 'B Two', idempotencyKey: 'customer:u-2' });
    const setup = await p.createSetupSession({ customerId: customer, successUrl: 'https://h/account/payment-methods?setup=success', cancelUrl: 'https://h/account/payment-methods?setup=cancel', language: 'en', idempotencyKey: 'setup-1' });
    expect(fake.last('POST', '/v1/checkout/sessions').form).toMatchObject({ mode: 'setup', currency: 'eur', customer, 'allowed_payment_method_types[0]': 'card', 'expand[0]': 'setup_intent', locale: 'en' });
    expect(setup.clientSecret).toMatch(/^seti_.+_secret_/);

    const card = fake.addCard({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    expect(await p.attachPaymentMethod(customer, card.id, `attach:${customer}:${card.id}`)).toEqual({ id: card.id, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(fake.last('POST', `/v1/payment_methods/${card.id}/attach`)).toMatchObject({ form: { customer }, headers: { 'idempotency-key': `attach:${customer}:${card.id}` } });
    await p.setDefaultPaymentMethod(customer, card.id);
    expect(fake.last('POST', `/v1/customers/${customer}`).form).toEqual({ 'invoice_settings[default_payment_method]': card.id });
    const listed = await p.listPaymentMethods(customer);
    expect(fake.last('GET', `/v1/customers/${customer}/payment_methods`).query).toEqual({ type: 'card', limit: '100' });
    expect(listed).toEqual({ defaultPaymentMethodId: card.id, methods: [{ id: card.id, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }] });

    const someoneElses = fake.addCard({ brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2030 }, 'cus_test_other');
    await expect(p.detachPaymentMethod(customer, someoneElses.id)).rejects.toMatchObject({ kind: 'invalid-request', providerCode: 'resource_missing' });
    expect(fake.sent('POST', `/v1/payment_methods/${someoneElses.id}/detach`)).toHaveLength(0);
    await p.detachPaymentMethod(customer, card.id);
    expect(fake.last('POST', `/v1/payment_methods/${card.id}/detach`).headers['idempotency-key']).toBe(`detach:${card.id}`);
    expect((await p.listPaymentMethods(customer)).methods).toEqual([]);
  });

  it('refunds a payment and pays the seller out from its charge', async () => {
    const account = await p.createPayoutAccount({
      userId: 'seller-2', email: 's2@harbor.test', accountType: 'individual', country: 'FI',
      bankAccountToken: (await p.createBankAccountToken({ country: 'FI', currency: 'EUR', fields: { iban: 'FI2112345600000785' }, accountHolderType: 'individual' })).id,
      businessProfileURL: null, businessProfileMCC: '5734', idempotencyKey: 'pa-2',
    });
    const s = await p.createCheckoutSession({
      transactionId: 'tx-3', amount: { amount: 2_000, currency: 'EUR' }, description: 'x', customerId: null, customerEmail: 'b@h.test', language: 'en',
      destinationAccountId: account.id, successUrl: 'https://h/s', cancelUrl: 'https://h/c', expiresAt: new Date(Date.now() + 3_600_000), idempotencyKey: 'checkout:tx-3:0',
    });
    const paid = fake.payCheckout(s.id);
    const pi = String(paid.payment_intent);

    const refund = await p.refund({ paymentIntentId: pi, reason: 'cancelled', transactionId: 'tx-3', idempotencyKey: 'refund:a-1' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: { amount: 2_000, currency: 'EUR' } });
    expect(fake.last('POST', '/v1/refunds')).toMatchObject({
      form: { payment_intent: pi, reason: 'requested_by_customer', 'metadata[transactionId]': 'tx-3', 'metadata[reason]': 'cancelled' },
      headers: { 'idempotency-key': 'refund:a-1' },
    });

    const payout = await p.payout({ accountId: account.id, amount: { amount: 1_800, currency: 'EUR' }, paymentIntentId: pi, transactionId: 'tx-3', idempotencyKey: 'payout:a-2' });
    expect(payout).toMatchObject({ status: 'paid', amount: { amount: 1_800, currency: 'EUR' } });
    const charge = String(fake.paymentIntents.get(pi)!.latest_charge);
    expect(fake.last('POST', '/v1/transfers')).toMatchObject({
      form: { amount: '1800', currency: 'eur', destination: account.id, source_transaction: charge, transfer_group: 'tx-3', 'metadata[transactionId]': 'tx-3' },
      headers: { 'idempotency-key': 'payout:a-2' },
    });
  });

  it('maps Stripe’s errors to the spec’s kinds and card codes', async () => {
    const fail = (status: number, error: Parameters<typeof stripeError>[1]) => fake.inject((r) => r.path === '/v1/customers' && r.method === 'POST', stripeError(status, error));
    const attempt = () => p.createCustomer({ userId: 'u-e', email: 'e@h.test', name: 'E', idempotencyKey: `customer:u-e:${Math.random()}` });
    const cases: [number, Parameters<typeof stripeError>[1], Partial<PaymentProviderError>][] = [
      [402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }, { kind: 'card', providerCode: 'card_declined', message: 'Your card was declined.' }],
      [402, { type: 'card_error', code: 'card_declined', decline_code: 'expired_card', message: 'Your card has expired.' }, { kind: 'card', providerCode: 'expired_card' }],
      [402, { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incorrect." }, { kind: 'card', providerCode: 'incorrect_cvc' }],
      [402, { type: 'card_error', code: 'processing_error', message: 'An error occurred while processing your card.' }, { kind: 'card', providerCode: 'processing_error' }],
      [400, { type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required param: email.', param: 'email' }, { kind: 'invalid-request', providerCode: 'parameter_missing', message: 'Missing required param: email.' }],
      [401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****_key' }, { kind: 'authentication', providerCode: 'authentication_error', message: 'The payment provider refused our credentials. Please contact support.' }],
      [429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' }, { kind: 'rate-limit', providerCode: 'rate_limit_error' }],
    ];
    for (const [status, error, expected] of cases) {
      fail(status, error);
      const err = await attempt().catch((e: unknown) => e);
      expect(err, `${status} ${error.code ?? error.type}`).toBeInstanceOf(PaymentProviderError);
      expect(err).toMatchObject(expected);
    }
    // Nothing listening: a connection error.
    const closed = createStripeProvider({ secretKey: KEY, webhookSecrets: [WHSEC, 'whsec_connect_endpoint'], api: { host: '127.0.0.1', port: 9, protocol: 'http' }, currency: 'EUR', maxNetworkRetries: 0 });
    await expect(closed.fetchPayoutAccount('acct_x')).rejects.toMatchObject({ kind: 'connection', providerCode: 'api_connection_error' });
  });

  it('verifies webhooks with constructEvent and maps the events Harbor acts on', () => {
    const sign = (payload: string, secret = WHSEC, timestamp?: number) => ({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) });
    const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: `evt_${type}`, object: 'event', api_version: '2026-10-28.endive', type, created: 1, livemode: false, data: { object } });

    const completed = event('checkout.session.completed', { id: 'cs_1', object: 'checkout.session', mode: 'payment', payment_status: 'paid', client_reference_id: 'tx-9', payment_intent: 'pi_9', amount_total: 2000, currency: 'eur', metadata: { transactionId: 'tx-9' } });
    expect(p.verifyWebhook(Buffer.from(completed), sign(completed))).toEqual({ id: 'evt_checkout.session.completed', type: 'checkout.completed', sessionId: 'cs_1', transactionId: 'tx-9', paymentIntentId: 'pi_9', amount: { amount: 2000, currency: 'EUR' } });

    const failed = event('payment_intent.payment_failed', { id: 'pi_9', object: 'payment_intent', metadata: { transactionId: 'tx-9' }, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } });
    expect(p.verifyWebhook(Buffer.from(failed), sign(failed))).toMatchObject({ type: 'checkout.expired', transactionId: 'tx-9', failureCode: 'card_declined' });
    const cvc = event('payment_intent.payment_failed', { id: 'pi_9', object: 'payment_intent', metadata: { transactionId: 'tx-9' }, last_payment_error: { type: 'card_error', code: 'incorrect_cvc' } });
    expect(p.verifyWebhook(Buffer.from(cvc), sign(cvc))).toMatchObject({ failureCode: 'incorrect_cvc' });
    const expired = event('checkout.session.expired', { id: 'cs_1', object: 'checkout.session', mode: 'payment', client_reference_id: 'tx-9' });
    expect(p.verifyWebhook(Buffer.from(expired), sign(expired))).toMatchObject({ type: 'checkout.expired', sessionId: 'cs_1', failureCode: null });
    // A connected account's event, from the Connect endpoint with its own secret.
    const account = event('account.updated', { id: 'acct_1', object: 'account' });
    expect(p.verifyWebhook(Buffer.from(account), sign(account, 'whsec_connect_endpoint'))).toEqual({ id: 'evt_account.updated', type: 'account.updated', accountId: 'acct_1' });
    const setup = event('setup_intent.succeeded', { id: 'seti_1', object: 'setup_intent', customer: 'cus_1', payment_method: 'pm_1' });
    expect(p.verifyWebhook(Buffer.from(setup), sign(setup))).toMatchObject({ type: 'setup.completed', customerId: 'cus_1', paymentMethodId: 'pm_1' });
    const setupSession = event('checkout.session.completed', { id: 'cs_2', object: 'checkout.session', mode: 'setup', payment_status: 'no_payment_required' });
    expect(p.verifyWebhook(Buffer.from(setupSession), sign(setupSession))).toMatchObject({ type: 'ignored', providerType: 'checkout.session.completed' });

    const reason = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(WebhookSignatureError);
        return (err as WebhookSignatureError).reason;
      }
      throw new Error('accepted');
    };
    expect(reason(() => p.verifyWebhook(Buffer.from(completed), sign(completed, 'whsec_someone_else')))).toBe('bad-signature');
    expect(reason(() => p.verifyWebhook(Buffer.from(completed.replace('2000', '1')), sign(completed)))).toBe('bad-signature');
    expect(reason(() => p.verifyWebhook(Buffer.from(completed), sign(completed, WHSEC, Math.floor(Date.now() / 1000) - 600)))).toBe('stale-timestamp');
    expect(reason(() => p.verifyWebhook(Buffer.from(completed), {}))).toBe('missing-signature');
    expect(reason(() => p.verifyWebhook(Buffer.from(completed), { 'stripe-signature': 'garbage' }))).toBe('malformed');
  });
});
