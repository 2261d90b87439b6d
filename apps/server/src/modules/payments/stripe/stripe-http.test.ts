import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { ConfigError, loadConfig } from '../../../config.ts';
import { createTestApp, json, type TestApp } from '../../../test/harness.ts';
import { completeBody, initiateBody, place, publishedListing, tokens, transition, txOf } from '../../transactions/test-helpers.ts';
import { paymentActions, payoutAccounts } from '../payments.schema.ts';
import { FakeStripe } from './fake-stripe-server.ts';

/**
 * The whole app with PAYMENTS=stripe, its SDK pointed at a local server in
 * Stripe's shapes: a seller's Connect onboarding, a buyer's online payment
 * confirmed by a webhook signed as Stripe signs it, the duplicate and forged
 * deliveries, a card decline, and the refund of a declined paid order.
 */

const WHSEC = 'whsec_harbor_http_test';
const CONNECT_WHSEC = 'whsec_harbor_http_connect';

describe('PAYMENTS=stripe end to end over HTTP', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let app: FastifyInstance;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let listing: string;

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await createTestApp({
      RATE_LIMIT_PER_MIN: '100000',
      TIMER_INTERVAL_MS: '3600000',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_harbor_http',
      STRIPE_WEBHOOK_SECRET: `${WHSEC}, ${CONNECT_WHSEC}`,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
    });
    app = t.app;
    auth = await tokens(app);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const publicUrl = () => t.ctx.config.PUBLIC_URL;
  const event = (type: string, object: object) => JSON.stringify({ id: `evt_${Math.random().toString(16).slice(2)}`, object: 'event', api_version: '2026-10-28.endive', type, created: 1, livemode: false, data: { object } });
  const deliver = (payload: string, secret = WHSEC) =>
    app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) }, payload });
  const get = async (id: string) => txOf(await app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: auth.buyer }));

  it('refuses to start without the Stripe keys, naming them', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: t.ctx.config.DATA_DIR, PAYMENTS: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: t.ctx.config.DATA_DIR, PAYMENTS: 'stripe', STRIPE_WEBHOOK_SECRET: WHSEC })).toThrow(/STRIPE_SECRET_KEY: required when PAYMENTS=stripe \(the payment provider key is missing\)/);
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: t.ctx.config.DATA_DIR, PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: WHSEC })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret/);
  });

  it('seller onboarding: bank token, a Connect account, an account link collecting currently_due, verified through account.updated', async () => {
    const token = await app.inject({ method: 'POST', url: '/api/payment-accounts/bank-account-token', headers: auth.seller, payload: { country: 'FI', fields: { iban: 'FI21 1234 5600 0007 85' } } });
    expect(token.statusCode, token.body).toBe(200);
    expect(fake.last('POST', '/v1/tokens').form).toMatchObject({ 'bank_account[account_number]': 'FI2112345600000785', 'bank_account[country]': 'FI', 'bank_account[currency]': 'eur' });
    const created = await app.inject({ method: 'POST', url: '/api/payment-accounts/payout-account', headers: auth.seller, payload: { accountType: 'company', country: 'FI', bankAccountToken: json<{ data: { id: string } }>(token).data.id } });
    expect(created.statusCode, created.body).toBe(201);
    const account = json<{ data: { id: string; provider: string; status: { type: string }; bankAccount: { last4: string } } }>(created).data;
    expect(account).toMatchObject({ provider: 'stripe', status: { type: 'verificationNeeded' }, bankAccount: { last4: '0785' } });
    expect(fake.last('POST', '/v1/accounts').form).toMatchObject({ type: 'custom', 'business_profile[mcc]': '5734', 'capabilities[card_payments][requested]': 'true', 'capabilities[transfers][requested]': 'true' });

    const link = await app.inject({ method: 'POST', url: '/api/payment-accounts/payout-account/account-link', headers: auth.seller, payload: { returnPath: '/account/payments' } });
    expect(link.statusCode, link.body).toBe(200);
    expect(json<{ data: { url: string } }>(link).data.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);
    expect(fake.last('POST', '/v1/account_links').form).toMatchObject({
      account: account.id, type: 'account_onboarding', 'collection_options[fields]': 'currently_due',
      return_url: `${publicUrl()}/account/payments/success`, refresh_url: `${publicUrl()}/account/payments/failure`,
    });

    // The seller finishes Stripe's hosted onboarding; Stripe says so with account.updated, from the Connect endpoint with its own secret.
    const verified = fake.completeOnboarding(account.id);
    const res = await deliver(event('account.updated', verified), CONNECT_WHSEC);
    expect(json(res)).toEqual({ received: true, duplicate: false });
    const [row] = await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, account.id));
    expect(row!.data).toMatchObject({ status: 'verificationSuccess', chargesEnabled: true, payoutsEnabled: true });
    expect(json(await app.inject({ method: 'GET', url: '/api/payment-accounts/payout-account', headers: auth.seller }))).toMatchObject({ data: { status: { type: 'verificationSuccess' } } });
    listing = await publishedListing(app, auth, { publicData: { ...completeBody().publicData, allowOnlinePayment: true } });
  });

  async function orderOnline() {
    const placed = await place(app, auth.buyer, initiateBody(listing, { transition: 'request-payment' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const id = txOf(placed).id;
    const res = await app.inject({ method: 'POST', url: '/api/payment-accounts/create-checkout-session', headers: auth.buyer, payload: { transactionId: id } });
    expect(res.statusCode, res.body).toBe(200);
    const { sessionUrl } = json<{ sessionUrl: string }>(res);
    const sessionId = sessionUrl.split('/').pop()!;
    return { id, sessionUrl, sessionId };
  }

  it('a buyer pays online: the session URL Stripe gave, a signed checkout.session.completed confirms the order once, a forged one is refused', async () => {
    const { id, sessionUrl, sessionId } = await orderOnline();
    expect(sessionUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const r = fake.last('POST', '/v1/checkout/sessions');
    expect(r.headers['idempotency-key']).toBe(`checkout:${id}:0`);
    expect(r.form).toMatchObject({
      mode: 'payment', client_reference_id: id, 'metadata[transactionId]': id, 'line_items[0][quantity]': '1',
      success_url: `${publicUrl()}/online-payment-successful?transactionId=${id}`, cancel_url: `${publicUrl()}/online-payment-cancel?transactionId=${id}`,
    });
    expect(r.form.customer).toMatch(/^cus_/);
    expect(fake.last('POST', '/v1/customers').headers['idempotency-key']).toMatch(/^customer:/);
    // Asked again while open: the same session, no second call.
    const again = await app.inject({ method: 'POST', url: '/api/payment-accounts/create-checkout-session', headers: auth.buyer, payload: { transactionId: id } });
    expect(json(again)).toEqual({ sessionUrl });
    expect(fake.sent('POST', '/v1/checkout/sessions').filter((x) => x.form.client_reference_id === id)).toHaveLength(1);

    const payload = event('checkout.session.completed', fake.payCheckout(sessionId));
    const forged = await deliver(payload, 'whsec_not_ours');
    expect(forged.statusCode).toBe(400);
    expect(json(forged)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-value', meta: { reason: 'webhookSignature', detail: 'bad-signature' } }] });
    const unsigned = await app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect((await get(id)).state).toBe('pending-payment');

    expect(json(await deliver(payload))).toEqual({ received: true, duplicate: false });
    const confirmed = await get(id);
    expect(confirmed).toMatchObject({ state: 'ordered', lastTransition: 'confirm-payment', protectedData: { paymentStatus: 'ONLINE_CONFIRM' }, metadata: { payment: { provider: 'stripe', sessionId, status: 'paid' } } });
    expect(json(await deliver(payload))).toEqual({ received: true, duplicate: true });
    expect((await get(id)).transitions.map((x) => x.transition)).toEqual(['request-payment', 'confirm-payment']);

    // The seller declines the paid order: the relay refunds it at Stripe with the action's key.
    const declined = await transition(app, auth.seller, id, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    await app.payments.flush();
    const [action] = await t.ctx.db.select().from(paymentActions).where(eq(paymentActions.transactionId, id));
    expect(fake.last('POST', '/v1/refunds')).toMatchObject({ form: { payment_intent: (confirmed.metadata.payment as { paymentIntentId: string }).paymentIntentId, 'metadata[transactionId]': id }, headers: { 'idempotency-key': `refund:${action!.id}` } });
    expect((await get(id)).metadata.payment).toMatchObject({ status: 'refunded' });
  });

  it('a completed paid order pays the seller out: a transfer from the order’s charge to the connected account', async () => {
    const { id, sessionId } = await orderOnline();
    expect(json(await deliver(event('checkout.session.completed', fake.payCheckout(sessionId))))).toMatchObject({ duplicate: false });
    for (const [who, name] of [['seller', 'accept'], ['seller', 'start-delivery'], ['seller', 'finish-delivery'], ['buyer', 'mark-received']] as const) {
      const res = await transition(app, auth[who], id, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
    await app.payments.flush();
    const done = await get(id);
    expect(done.state).toBe('completed');
    const [account] = await t.ctx.db.select().from(payoutAccounts);
    const intent = fake.paymentIntents.get(String(fake.sessions.get(sessionId)!.payment_intent))!;
    const transfer = fake.last('POST', '/v1/transfers');
    expect(transfer.form).toMatchObject({ amount: String(done.payoutTotal.amount), currency: done.payoutTotal.currency.toLowerCase(), destination: account!.accountId, source_transaction: String(intent.latest_charge), transfer_group: id });
    expect(transfer.headers['idempotency-key']).toMatch(/^payout:/);
    expect(done.metadata.payment).toMatchObject({ payoutStatus: 'paid' });
  });

  it('a card the issuer declines cancels the order with the code and closes the Stripe session', async () => {
    const { id, sessionId } = await orderOnline();
    const failed = event('payment_intent.payment_failed', {
      id: 'pi_test_declined', object: 'payment_intent', status: 'requires_payment_method', metadata: { transactionId: id },
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    });
    expect(json(await deliver(failed))).toEqual({ received: true, duplicate: false });
    expect(await get(id)).toMatchObject({ state: 'cancelled', lastTransition: 'cancel-payment', protectedData: { paymentStatus: 'ONLINE_CANCEL' }, metadata: { paymentFailureCode: 'card_declined' } });
    await app.payments.flush();
    expect(fake.last('POST', `/v1/checkout/sessions/${sessionId}/expire`).headers['idempotency-key']).toBe(`expire:${sessionId}`);
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
  });
});
