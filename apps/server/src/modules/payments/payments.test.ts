import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { runDueTimers } from '../timers/index.ts';
import { completeBody, errorCodes, initiateBody, place, publishedListing, tokens, transition, txOf } from '../transactions/test-helpers.ts';
import { client } from '../carts/test-helpers.ts';
import { signWebhook, SIGNATURE_HEADER } from './local/local-webhooks.ts';
import { createActionRelay } from './payments.actions.ts';
import { localPayLedger, localPayMovements, localPayWebhooks, payoutAccounts } from './payments.schema.ts';

const WINDOW_MS = 60_000;
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const card = (number: string) => form({ number, expiry: '12/34', cvc: '123' });
const pathOf = (url: string) => new URL(url).pathname;

describe('payments: the local provider end to end', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let listing: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000', PAYMENT_WINDOW_MS: String(WINDOW_MS), TIMER_INTERVAL_MS: '3600000' });
    app = t.app;
    // The relay delivers webhooks over real HTTP to this server's own endpoint.
    await app.listen({ port: 0, host: '127.0.0.1' });
    auth = await tokens(app);
    listing = await publishedListing(app, auth, { publicData: { ...completeBody().publicData, allowOnlinePayment: true } });
  });
  afterAll(() => t.close());

  const get = async (id: string) => txOf(await app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: auth.buyer }));

  async function orderOnline() {
    const res = await place(app, auth.buyer, initiateBody(listing, { transition: 'request-payment' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = txOf(res).id;
    const session = await app.inject({ method: 'POST', url: '/api/payment-accounts/create-checkout-session', headers: auth.buyer, payload: { transactionId: id } });
    expect(session.statusCode, session.body).toBe(200);
    return { id, page: pathOf(json<{ sessionUrl: string }>(session).sessionUrl) };
  }

  async function pay(page: string, number: string) {
    const res = await app.inject({ method: 'POST', url: page, ...card(number) });
    return res;
  }

  it('pays one item with 4242: hosted page, signed webhook over HTTP, order in ordered with ONLINE_CONFIRM; a duplicate changes nothing, forged ones are refused', async () => {
    const { id, page } = await orderOnline();
    expect((await get(id)).protectedData.paymentStatus).toBe('ONLINE_PENDING');
    const html = await app.inject({ method: 'GET', url: page });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Pay by card');
    expect(html.body).not.toContain('<script');

    const paid = await pay(page, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/online-payment-successful?transactionId=${id}`);
    await app.payments.flush();
    const confirmed = await get(id);
    expect(confirmed).toMatchObject({ state: 'ordered', lastTransition: 'confirm-payment', protectedData: { paymentStatus: 'ONLINE_CONFIRM' } });
    expect(confirmed.metadata.payment).toMatchObject({ status: 'paid', amount: confirmed.payinTotal });

    // The same event delivered again, correctly signed: acknowledged, nothing changes.
    const [event] = await t.ctx.db.select().from(localPayWebhooks).where(eq(localPayWebhooks.type, 'checkout.session.completed'));
    const body = JSON.stringify(event!.payload);
    const again = await app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(t.ctx.config.PAYMENTS_WEBHOOK_SECRET, body) }, payload: body });
    expect(json(again)).toEqual({ received: true, duplicate: true });
    expect((await get(id)).transitions.map((x) => x.transition)).toEqual(['request-payment', 'confirm-payment']);

    const forged = await app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook('not-the-secret-at-all', body) }, payload: body });
    expect(forged.statusCode).toBe(400);
    expect(json(forged)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-value', meta: { reason: 'webhookSignature', detail: 'bad-signature' } }] });
    const unsigned = await app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload: body });
    expect(unsigned.statusCode).toBe(400);

    // Declining the paid order refunds it: line items reversed, the money back on the card.
    const declined = await transition(app, auth.seller, id, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    await app.payments.flush();
    const refunded = await get(id);
    expect(refunded.payinTotal.amount).toBe(0);
    expect(refunded.metadata.payment).toMatchObject({ status: 'refunded', refundedAmount: confirmed.payinTotal });
  });

  it('a declined card lands on the cancel page with the code, and the order is cancelled with ONLINE_CANCEL; form errors stay on the page', async () => {
    const { id, page } = await orderOnline();
    const wrong = await pay(page, '4242 4242 4242 4241');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Your card number is incorrect.');
    const res = await pay(page, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/online-payment-cancel?transactionId=${id}&error=card_declined`);
    await app.payments.flush();
    expect(await get(id)).toMatchObject({ state: 'cancelled', lastTransition: 'cancel-payment', protectedData: { paymentStatus: 'ONLINE_CANCEL' }, metadata: { paymentFailureCode: 'card_declined' } });
  });

  it('cancel on the card page returns to the cancel page and cancels the order', async () => {
    const { id, page } = await orderOnline();
    const res = await app.inject({ method: 'POST', url: `${page}/cancel` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/online-payment-cancel?transactionId=${id}`);
    await app.payments.flush();
    expect(await get(id)).toMatchObject({ state: 'cancelled', protectedData: { paymentStatus: 'ONLINE_CANCEL' }, metadata: { paymentFailureCode: null } });
    // The page is closed, and a cross-site form post is refused.
    expect((await app.inject({ method: 'GET', url: page })).statusCode).toBe(410);
    expect((await app.inject({ method: 'POST', url: page, headers: { ...card('4242424242424242').headers, 'sec-fetch-site': 'cross-site' }, payload: card('4242424242424242').payload })).statusCode).toBe(403);
  });

  it('a payment made after the window lapsed is refunded and marked paid-after-expiry', async () => {
    const { id, page } = await orderOnline();
    await runDueTimers(t.ctx, new Date(Date.now() + WINDOW_MS + 1000));
    expect(await get(id)).toMatchObject({ state: 'cancelled', protectedData: { paymentStatus: 'ONLINE_CANCEL' } });
    // The buyer pays in the moment before the provider session is closed.
    expect((await pay(page, '4242424242424242')).statusCode).toBe(303);
    await app.payments.flush();
    await app.payments.flush();
    const late = await get(id);
    expect(late).toMatchObject({ state: 'cancelled', protectedData: { paymentStatus: 'ONLINE_CANCEL' } });
    expect(late.metadata.payment).toMatchObject({ issue: 'paid-after-expiry', status: 'refunded' });
    // The session is closed now: the page no longer takes cards.
    expect((await app.inject({ method: 'GET', url: page })).statusCode).toBe(303);
  });

  it('a completed paid order is paid out, and the ledger reconciles', async () => {
    const { id, page } = await orderOnline();
    await pay(page, '4242424242424242');
    await app.payments.flush();
    for (const [who, name] of [['seller', 'accept'], ['seller', 'start-delivery'], ['seller', 'finish-delivery'], ['buyer', 'mark-received']] as const) {
      const r = await transition(app, auth[who], id, name);
      expect(r.statusCode, r.body).toBe(200);
    }
    await app.payments.flush();
    const done = await get(id);
    expect(done.metadata.payment).toMatchObject({ payoutStatus: 'paid' });
    const ledger = json<{ balances: { account: string; balance: number }[]; totals: { sum: number }[]; unbalancedEntries: string[] }>(
      await app.inject({ method: 'GET', url: '/api/payments/ledger', headers: auth.operator }),
    );
    expect(ledger.unbalancedEntries).toEqual([]);
    expect(ledger.totals.every((x) => x.sum === 0)).toBe(true);
    const balance = (prefix: string) => ledger.balances.filter((b) => b.account.startsWith(prefix)).reduce((a, b) => a + b.balance, 0);
    // Paid in: three charges; back to cards: two refunds; to the seller's bank: the completed order; nothing left held or on the seller's balance.
    expect(balance('external:bank:')).toBe(done.payoutTotal.amount);
    expect(balance('platform:held')).toBe(0);
    expect(balance('seller:')).toBe(0);
    expect(-balance('external:cards')).toBe(done.payoutTotal.amount);
    expect((await app.inject({ method: 'GET', url: '/api/payments/ledger', headers: auth.buyer })).statusCode).toBe(403);
  });

  it('a seller without a payout account cannot be ordered from online (transaction-missing-stripe-account)', async () => {
    const sellerId = (await get((await orderOnline()).id)).provider.id;
    const [row] = await t.ctx.db.delete(payoutAccounts).where(eq(payoutAccounts.userId, sellerId)).returning();
    try {
      const res = await place(app, auth.buyer, initiateBody(listing, { transition: 'request-payment' }));
      expect(errorCodes(res)).toEqual(['transaction-missing-stripe-account']);
      expect((await place(app, auth.buyer, initiateBody(listing))).statusCode).toBe(201);
    } finally {
      await t.ctx.db.insert(payoutAccounts).values(row!);
    }
  });

  it('bank inputs per country, a payout account, onboarding back to /account/payments/success', async () => {
    const token = (country: string, fields: Record<string, string>) => app.inject({ method: 'POST', url: '/api/payment-accounts/bank-account-token', headers: auth.buyer, payload: { country, fields } });
    const cases: [string, Record<string, string>, Record<string, string>, string][] = [
      ['FI', { iban: 'FI21 1234 5600 0007 85' }, { iban: 'FI21 1234 5600 0007 86' }, 'fields.iban'],
      ['GB', { sortCode: '10-88-00', accountNumber: '00012345' }, { sortCode: '1088', accountNumber: '00012345' }, 'fields.sortCode'],
      ['US', { routingNumber: '110000000', accountNumber: '000123456789' }, { routingNumber: '110000001', accountNumber: '000123456789' }, 'fields.routingNumber'],
      ['MX', { clabe: '000000001234567897' }, { clabe: '000000001234567890' }, 'fields.clabe'],
    ];
    for (const [country, good, bad, path] of cases) {
      const ok = await token(country, good);
      expect(ok.statusCode, `${country} ${ok.body}`).toBe(200);
      const refused = await token(country, bad);
      expect(refused.statusCode, country).toBe(400);
      expect(JSON.stringify(json(refused))).toContain(`body.${path}`);
    }
    expect((await token('BR', { accountNumber: '123' })).statusCode).toBe(400);

    const tok = json<{ data: { id: string; bankAccount: { last4: string } } }>(await token('FI', { iban: 'FI2112345600000785' })).data;
    expect(tok.bankAccount.last4).toBe('0785');
    expect(json(await app.inject({ method: 'GET', url: '/api/payment-accounts/payout-account', headers: auth.buyer }))).toEqual({ data: null });
    const created = await app.inject({ method: 'POST', url: '/api/payment-accounts/payout-account', headers: auth.buyer, payload: { accountType: 'individual', country: 'FI', bankAccountToken: tok.id } });
    expect(created.statusCode, created.body).toBe(201);
    expect(json(created)).toMatchObject({ data: { status: { type: 'verificationNeeded' }, businessProfileMCC: '5734', bankAccount: { last4: '0785' }, chargesEnabled: false } });

    const link = json<{ data: { url: string } }>(await app.inject({ method: 'POST', url: '/api/payment-accounts/payout-account/account-link', headers: auth.buyer, payload: {} })).data;
    const onboarding = pathOf(link.url);
    expect((await app.inject({ method: 'GET', url: onboarding })).statusCode).toBe(200);
    const verified = await app.inject({ method: 'POST', url: onboarding, ...form({ name: 'Bruno Buyer', dob: '1980-05-01' }) });
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe('/account/payments/success');
    // A used link sends the browser to the failure return.
    expect((await app.inject({ method: 'GET', url: onboarding })).headers.location).toBe('/account/payments/failure');
    const account = json(await app.inject({ method: 'GET', url: '/api/payment-accounts/payout-account', headers: auth.buyer }));
    expect(account).toMatchObject({ data: { status: { type: 'verificationSuccess' }, chargesEnabled: true, payoutsEnabled: true } });
  });

  it('the hosted page speaks the buyer’s language (fi): texts and card errors', async () => {
    const put = await app.inject({ method: 'PATCH', url: '/api/users/me', headers: auth.buyer, payload: { language: 'fi' } });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const { page } = await orderOnline();
      const html = await app.inject({ method: 'GET', url: page });
      expect(html.body).toContain('<html lang="fi">');
      expect(html.body).toContain('Maksa kortilla');
      const short = await pay(page, '4242 4242');
      expect(short.statusCode).toBe(422);
      expect(short.body).toContain('Kortin numero on vajaa.');
    } finally {
      await app.inject({ method: 'PATCH', url: '/api/users/me', headers: auth.buyer, payload: { language: 'en' } });
    }
  });

  it('refuses an online charge below the minimum (transaction-charge-zero-payin), not an offline one', async () => {
    const cheap = await publishedListing(app, auth, {
      price: { amount: 10, currency: 'EUR' },
      publicData: { ...completeBody().publicData, allowOnlinePayment: true, delivery: { ...completeBody().publicData.delivery, cost: { basic: 0, expedited: 0, currency: 'EUR' } } },
    });
    const res = await place(app, auth.buyer, initiateBody(cheap, { transition: 'request-payment' }));
    expect(errorCodes(res)).toEqual(['transaction-charge-zero-payin']);
    expect(json(res)).toMatchObject({ apiErrors: [{ status: 409, meta: { minimum: { amount: 50, currency: 'EUR' } } }] });
    expect((await place(app, auth.buyer, initiateBody(cheap))).statusCode).toBe(201);
  });

  it('pays online only a cart of exactly one item', async () => {
    const carts = client(app);
    const cart = await carts.newCart(auth.buyer);
    const lineIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const added = await carts.addLine(auth.buyer, cart.id, listing, { quantity: 1 });
      expect(added.statusCode, added.body).toBe(201);
    }
    for (const p of (await carts.carts(auth.buyer)).data.find((c) => c.id === cart.id)!.products) lineIds.push(p.id);
    const body = (lineId: string) => initiateBody(listing, { transition: 'request-payment', params: { protectedData: { cartId: cart.id, cartProductId: lineId } } });
    const two = await place(app, auth.buyer, body(lineIds[0]!));
    expect(json(two)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-value', meta: { reason: 'onlinePaymentOneItem' } }] });
    // Once the other line is ordered offline, the last one can be paid online.
    const offline = await place(app, auth.buyer, { ...initiateBody(listing, { params: { protectedData: { cartId: cart.id, cartProductId: lineIds[1] } } }) });
    expect(offline.statusCode, offline.body).toBe(201);
    const one = await place(app, auth.buyer, body(lineIds[0]!));
    expect(one.statusCode, one.body).toBe(201);
    const session = await app.inject({ method: 'POST', url: '/api/payment-accounts/create-checkout-session', headers: auth.buyer, payload: { transactionId: txOf(one).id, cartId: cart.id } });
    expect(session.statusCode, session.body).toBe(200);
  });

  it('refunds once when two relays race for the refund, and a repeated idempotency key answers the first refund', async () => {
    const { id, page } = await orderOnline();
    await pay(page, '4242424242424242');
    await app.payments.flush();
    expect((await transition(app, auth.buyer, id, 'cancel-ordered', { protectedData: { comment: 'Plans changed' } })).statusCode).toBe(200);
    const other = createActionRelay(t.ctx, app.payments.provider);
    const ran = await Promise.all([app.payments.actions.flush(), other.flush()]);
    expect(ran[0] + ran[1]).toBe(1);
    const paid = (await get(id)).metadata.payment as { paymentIntentId: string; status: string; refundId: string };
    expect(paid.status).toBe('refunded');
    const refunds = await t.ctx.db.select().from(localPayMovements).where(eq(localPayMovements.paymentIntentId, paid.paymentIntentId));
    expect(refunds).toHaveLength(1);
    const again = await app.payments.provider.refund({ paymentIntentId: paid.paymentIntentId, reason: 'cancelled', transactionId: id, idempotencyKey: refunds[0]!.idempotencyKey });
    expect(again.id).toBe(paid.refundId);
    const lines = await t.ctx.db.select().from(localPayLedger).where(eq(localPayLedger.paymentIntentId, paid.paymentIntentId));
    expect(lines.map((l) => `${l.kind}:${l.account}:${l.amount}`).sort()).toEqual(
      [`charge:external:cards:${-refunds[0]!.amount}`, `charge:platform:held:${refunds[0]!.amount}`, `refund:external:cards:${refunds[0]!.amount}`, `refund:platform:held:${-refunds[0]!.amount}`].sort(),
    );
  });

  // On PostgreSQL the requests run side by side; a select first and an insert after let two of them insert, and one
  // failed on the key's unique index (a buyer's two checkouts at once, seen in issue 20's crash run).
  it('answers requests racing with one idempotency key with one object: customer, checkout and setup sessions, payout account', async () => {
    const { provider } = app.payments;
    const key = `race-${Date.now()}`;
    const six = <T,>(make: () => Promise<T>) => Promise.all(Array.from({ length: 6 }, make));
    const customers = await six(() => provider.createCustomer({ userId: 'u-race', email: 'race@harbor.test', name: 'Race', idempotencyKey: `customer:${key}` }));
    expect(new Set(customers.map((c) => c.id)).size).toBe(1);
    const { id } = await orderOnline();
    const checkout = {
      transactionId: id,
      amount: { amount: 5000, currency: 'EUR' },
      description: 'Race',
      customerId: customers[0]!.id,
      customerEmail: 'race@harbor.test',
      language: 'en' as const,
      destinationAccountId: 'acct_race',
      successUrl: 'http://127.0.0.1/ok',
      cancelUrl: 'http://127.0.0.1/cancel',
      expiresAt: new Date(Date.now() + 3_600_000),
      idempotencyKey: `checkout:${key}`,
    };
    const sessions = await six(() => provider.createCheckoutSession(checkout));
    expect(new Set(sessions.map((c) => c.id)).size).toBe(1);
    const setups = await six(() =>
      provider.createSetupSession({ customerId: customers[0]!.id, successUrl: 'http://127.0.0.1/ok', cancelUrl: 'http://127.0.0.1/cancel', language: 'en', idempotencyKey: `setup:${key}` }),
    );
    expect(new Set(setups.map((c) => c.id)).size).toBe(1);
    // A payout account: the others wait for the bank token's lock, find it used, and answer with the account the first made.
    const token = await provider.createBankAccountToken({ country: 'FI', currency: 'EUR', fields: { iban: 'FI2112345600000785' }, accountHolderType: 'company' });
    const accounts = await six(() =>
      provider.createPayoutAccount({
        userId: 'u-race', email: 'race@harbor.test', accountType: 'company', country: 'FI', bankAccountToken: token.id,
        businessProfileURL: null, businessProfileMCC: '5734', idempotencyKey: `payout:${key}`,
      }),
    );
    expect(new Set(accounts.map((a) => a.id)).size).toBe(1);
    // The token is still spent once: another key with it is refused.
    await expect(
      provider.createPayoutAccount({
        userId: 'u-race', email: 'race@harbor.test', accountType: 'company', country: 'FI', bankAccountToken: token.id,
        businessProfileURL: null, businessProfileMCC: '5734', idempotencyKey: `payout:${key}:other`,
      }),
    ).rejects.toMatchObject({ providerCode: 'token_already_used' });
  });

  it('relays a webhook again after a failed delivery, with back-off', async () => {
    const { id, page } = await orderOnline();
    await pay(page, '4242424242424242');
    // An endpoint that does not answer: the event stays, with its error and the next attempt's time.
    const dead = app.payments.local!.createRelay({ log: t.ctx.log, target: () => 'http://127.0.0.1:9/api/payments/webhook' });
    expect(await dead.flush()).toBe(0);
    const [pending] = await t.ctx.db.select().from(localPayWebhooks).where(eq(localPayWebhooks.type, 'checkout.session.completed')).orderBy(desc(localPayWebhooks.createdAt)).limit(1);
    expect(pending).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(pending!.lastError).toBeTruthy();
    expect(pending!.claimedUntil!.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Not due yet: the real relay leaves it until the back-off has passed.
    expect(await app.payments.webhooks!.flush()).toBe(0);
    expect((await get(id)).state).toBe('pending-payment');
    expect(await app.payments.webhooks!.flush(new Date(Date.now() + 20_000))).toBeGreaterThan(0);
    expect(await get(id)).toMatchObject({ state: 'ordered', protectedData: { paymentStatus: 'ONLINE_CONFIRM' } });
  });

  it('lists the payments API in the OpenAPI document and marks sellers with a payout account stripeConnected', async () => {
    const doc = json<{ paths: Record<string, unknown> }>(await app.inject({ method: 'GET', url: '/api/openapi.json' }));
    for (const path of ['/api/payment-accounts/create-checkout-session', '/api/payments/webhook', '/api/payment-accounts/payout-account', '/api/payment-accounts/bank-account-token', '/api/payment-accounts/payout-account/account-link', '/api/payment-methods', '/api/payment-methods/setup-intent', '/api/payment-methods/default', '/api/payment-methods/{id}'])
      expect(Object.keys(doc.paths)).toContain(path);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/payments/local'))).toBe(false);
    expect(json(await app.inject({ method: 'GET', url: '/api/users/me', headers: auth.seller }))).toMatchObject({ stripeConnected: true });
    const seller = json<{ id: string; organization: { id: string } }>(await app.inject({ method: 'GET', url: '/api/users/me', headers: auth.seller }));
    const orgAccounts = `/v1/marketplace/organizations/${seller.organization.id}/payment-accounts`;
    expect(json(await app.inject({ method: 'GET', url: orgAccounts, headers: auth.seller }))).toMatchObject({
      data: [{ userId: seller.id, provider: 'local', status: { type: 'verificationSuccess' }, businessProfileMCC: '5734', chargesEnabled: true }],
    });
    expect((await app.inject({ method: 'GET', url: orgAccounts, headers: auth.buyer })).statusCode).toBe(404);
  });

  it('saves a card through a setup intent, lists it (brand, last four, expiry, default), deletes it', async () => {
    const setup = json<{ data: { url: string } }>(await app.inject({ method: 'POST', url: '/api/payment-methods/setup-intent', headers: auth.buyer, payload: {} })).data;
    const saved = await app.inject({ method: 'POST', url: pathOf(setup.url), ...card('4242424242424242') });
    expect(saved.statusCode, saved.body).toBe(303);
    const pm = new URL(saved.headers.location as string, 'http://x').searchParams.get('paymentMethodId')!;
    const added = await app.inject({ method: 'POST', url: '/api/payment-methods', headers: auth.buyer, payload: { stripePaymentMethodId: pm } });
    expect(added.statusCode, added.body).toBe(200);
    expect(json(added)).toMatchObject({ data: [{ id: pm, brand: 'visa', last4Digits: '4242', expirationMonth: 12, expirationYear: 2034, isDefault: true, expired: false }], defaultPaymentMethodId: pm });
    expect((await app.inject({ method: 'DELETE', url: `/api/payment-methods/${pm}`, headers: auth.buyer })).statusCode).toBe(204);
    expect(json(await app.inject({ method: 'GET', url: '/api/payment-methods', headers: auth.buyer }))).toEqual({ data: [], defaultPaymentMethodId: null });
    expect((await app.inject({ method: 'DELETE', url: `/api/payment-methods/${pm}`, headers: auth.buyer })).statusCode).toBe(404);
  });
});
