import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tests only: a local HTTP server that answers the Stripe SDK with the
 * response shapes of Stripe's API reference (checkout.session, account,
 * account_link, token, setup_intent, payment_method list, refund, transfer,
 * customer, and error objects with their status codes), keeping just enough
 * state for a flow to read back what it wrote. Every request is recorded as
 * it came over the wire: method, path, the form-encoded body as flat keys
 * (`line_items[0][price_data][currency]`) and the headers, so a test asserts
 * what the real SDK sent.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

type Obj = Record<string, unknown>;
type Reply = { status: number; body: unknown };
interface Injected {
  match: (r: RecordedRequest) => boolean;
  reply: Reply;
  times: number;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
const notFound = (what: string, v: string): Reply => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${v}'`, param: 'id' } },
});

/** Stripe's error object. */
export const stripeError = (status: number, error: { type: string; code?: string; decline_code?: string; message: string; param?: string }): Reply => ({ status, body: { error } });

const DUE_INDIVIDUAL = ['individual.dob.day', 'individual.first_name', 'individual.last_name', 'tos_acceptance.date', 'tos_acceptance.ip'];
const DUE_COMPANY = ['company.name', 'company.tax_id', 'representative.first_name', 'representative.last_name', 'tos_acceptance.date', 'tos_acceptance.ip'];

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly accounts = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  private readonly bankTokens = new Map<string, Obj>();
  private injected: Injected[] = [];
  private readonly keys = new Map<string, { params: string; reply: Reply }>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const record: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
          headers: req.headers,
        };
        this.requests.push(record);
        const reply = this.take(record) ?? this.idempotent(record, () => this.route(record));
        res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next `times` requests matching get this answer instead (an error object, a 500 …). */
  inject(match: (r: RecordedRequest) => boolean, reply: Reply, times = 1) {
    this.injected.push({ match, reply, times });
  }

  /** Requests to a path (method optional), in order. */
  sent(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  last(method: string, path: string | RegExp): RecordedRequest {
    const all = this.sent(method, path);
    if (!all.length) throw new Error(`no ${method} ${String(path)} was sent; sent: ${this.requests.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    return all[all.length - 1]!;
  }

  /** What Stripe's hosted onboarding does once the seller has answered everything due. */
  completeOnboarding(accountId: string) {
    const a = this.accounts.get(accountId)!;
    Object.assign(a, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { ...(a.requirements as Obj), currently_due: [], past_due: [], eventually_due: [], errors: [], disabled_reason: null },
    });
    return a;
  }

  /** A checkout session paid on Stripe's page: the payment intent and its charge exist, the session is complete. */
  payCheckout(sessionId: string) {
    const s = this.sessions.get(sessionId)!;
    const pi = id('pi');
    this.paymentIntents.set(pi, { id: pi, object: 'payment_intent', amount: s.amount_total, currency: s.currency, status: 'succeeded', latest_charge: id('ch'), metadata: s.metadata });
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: pi });
    return s;
  }

  /**
   * Stripe's idempotency: a POST with a key seen before gets the first answer
   * again when its parameters are the same, and an idempotency_error when they differ.
   */
  private idempotent(r: RecordedRequest, run: () => Reply): Reply {
    const key = r.headers['idempotency-key'];
    if (r.method !== 'POST' || typeof key !== 'string') return run();
    const params = JSON.stringify(r.form);
    const seen = this.keys.get(key);
    if (seen && seen.params !== params)
      return stripeError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` });
    if (seen) return seen.reply;
    const reply = run();
    if (reply.status < 500) this.keys.set(key, { params, reply });
    return reply;
  }

  private take(r: RecordedRequest): Reply | undefined {
    const hit = this.injected.find((i) => i.times > 0 && i.match(r));
    if (!hit) return undefined;
    hit.times--;
    return hit.reply;
  }

  private route(r: RecordedRequest): Reply {
    const f = r.form;
    const key = `${r.method} ${r.path.replace(/\/(cs|acct|cus|pm|pi)_test_[0-9a-f]+/g, '/:$1')}`;
    const seg = r.path.split('/');
    switch (key) {
      case 'POST /v1/checkout/sessions': {
        const sid = id('cs');
        const mode = f.mode ?? 'payment';
        const setupIntent = mode === 'setup' ? { id: id('seti'), object: 'setup_intent', client_secret: `${id('seti')}_secret_${randomBytes(6).toString('hex')}`, status: 'requires_payment_method', customer: f.customer ?? null, usage: 'off_session' } : null;
        const session: Obj = {
          id: sid,
          object: 'checkout.session',
          mode,
          status: 'open',
          payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
          url: `https://checkout.stripe.com/c/pay/${sid}`,
          client_reference_id: f.client_reference_id ?? null,
          customer: f.customer ?? null,
          customer_email: f.customer_email ?? null,
          amount_total: f['line_items[0][price_data][unit_amount]'] ? Number(f['line_items[0][price_data][unit_amount]']) * Number(f['line_items[0][quantity]'] ?? 1) : null,
          currency: f['line_items[0][price_data][currency]'] ?? f.currency ?? null,
          expires_at: f.expires_at ? Number(f.expires_at) : now() + 24 * 3600,
          locale: f.locale ?? null,
          metadata: { ...(f['metadata[transactionId]'] && { transactionId: f['metadata[transactionId]'] }) },
          payment_intent: null,
          setup_intent: setupIntent && (f['expand[0]'] === 'setup_intent' ? setupIntent : setupIntent.id),
          success_url: f.success_url,
          cancel_url: f.cancel_url ?? null,
          created: now(),
          livemode: false,
        };
        this.sessions.set(sid, session);
        return { status: 200, body: session };
      }
      case 'GET /v1/checkout/sessions/:cs': {
        const s = this.sessions.get(seg[4]!);
        return s ? { status: 200, body: s } : notFound('checkout.session', seg[4]!);
      }
      case 'POST /v1/checkout/sessions/:cs/expire': {
        const s = this.sessions.get(seg[4]!);
        if (!s) return notFound('checkout.session', seg[4]!);
        if (s.status !== 'open') return stripeError(400, { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(s.status)}".` });
        s.status = 'expired';
        return { status: 200, body: s };
      }
      case 'GET /v1/payment_intents/:pi': {
        const pi = this.paymentIntents.get(seg[3]!);
        return pi ? { status: 200, body: pi } : notFound('payment_intent', seg[3]!);
      }
      case 'POST /v1/refunds': {
        const pi = this.paymentIntents.get(f.payment_intent ?? '');
        if (!pi) return notFound('payment_intent', f.payment_intent ?? '');
        return {
          status: 200,
          body: { id: id('re'), object: 'refund', amount: f.amount ? Number(f.amount) : pi.amount, currency: pi.currency, payment_intent: pi.id, charge: pi.latest_charge, reason: f.reason ?? null, status: 'succeeded', created: now(), metadata: {} },
        };
      }
      case 'POST /v1/transfers':
        if (!this.accounts.has(f.destination ?? '')) return notFound('account', f.destination ?? '');
        return {
          status: 200,
          body: { id: id('tr'), object: 'transfer', amount: Number(f.amount), currency: f.currency, destination: f.destination, source_transaction: f.source_transaction ?? null, transfer_group: f.transfer_group ?? null, reversed: false, amount_reversed: 0, created: now(), metadata: {} },
        };
      case 'POST /v1/tokens': {
        const number = f['bank_account[account_number]'] ?? '';
        const bank = {
          id: id('ba'),
          object: 'bank_account',
          account_holder_name: f['bank_account[account_holder_name]'] ?? null,
          account_holder_type: f['bank_account[account_holder_type]'] ?? null,
          bank_name: 'STRIPE TEST BANK',
          country: f['bank_account[country]'],
          currency: f['bank_account[currency]'],
          last4: number.slice(-4),
          routing_number: f['bank_account[routing_number]'] ?? null,
          status: 'new',
        };
        const token = { id: id('btok'), object: 'token', type: 'bank_account', bank_account: bank, client_ip: '127.0.0.1', created: now(), livemode: false, used: false };
        this.bankTokens.set(token.id, bank);
        return { status: 200, body: token };
      }
      case 'POST /v1/accounts': {
        const aid = id('acct');
        const bank = this.bankTokens.get(f.external_account ?? '');
        const account: Obj = {
          id: aid,
          object: 'account',
          type: f.type ?? 'custom',
          business_type: f.business_type ?? null,
          country: f.country,
          email: f.email ?? null,
          default_currency: (bank?.currency as string | undefined) ?? 'eur',
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          business_profile: { mcc: f['business_profile[mcc]'] ?? null, url: f['business_profile[url]'] ?? null },
          capabilities: { card_payments: 'inactive', transfers: 'inactive' },
          requirements: {
            currently_due: f.business_type === 'individual' ? DUE_INDIVIDUAL : DUE_COMPANY,
            past_due: [],
            eventually_due: [],
            pending_verification: [],
            errors: [],
            disabled_reason: 'requirements.past_due',
            current_deadline: null,
          },
          external_accounts: list(bank ? [{ ...bank, account: aid, default_for_currency: true }] : [], `/v1/accounts/${aid}/external_accounts`),
          metadata: { ...(f['metadata[userId]'] && { userId: f['metadata[userId]'] }) },
          created: now(),
        };
        this.accounts.set(aid, account);
        return { status: 200, body: account };
      }
      case 'GET /v1/accounts/:acct': {
        const a = this.accounts.get(seg[3]!);
        return a ? { status: 200, body: a } : notFound('account', seg[3]!);
      }
      case 'POST /v1/accounts/:acct': {
        const a = this.accounts.get(seg[3]!);
        if (!a) return notFound('account', seg[3]!);
        const bank = this.bankTokens.get(f.external_account ?? '');
        if (bank) a.external_accounts = list([{ ...bank, account: a.id, default_for_currency: true }], `/v1/accounts/${String(a.id)}/external_accounts`);
        const profile = a.business_profile as Obj;
        if (f['business_profile[mcc]'] !== undefined) profile.mcc = f['business_profile[mcc]'];
        if (f['business_profile[url]'] !== undefined) profile.url = f['business_profile[url]'] || null;
        return { status: 200, body: a };
      }
      case 'POST /v1/account_links':
        if (!this.accounts.has(f.account ?? '')) return notFound('account', f.account ?? '');
        return { status: 200, body: { object: 'account_link', created: now(), expires_at: now() + 300, url: `https://connect.stripe.com/setup/c/${f.account}/${randomBytes(6).toString('hex')}` } };
      case 'POST /v1/customers': {
        const customer = { id: id('cus'), object: 'customer', email: f.email ?? null, name: f.name ?? null, invoice_settings: { default_payment_method: null }, metadata: { ...(f['metadata[userId]'] && { userId: f['metadata[userId]'] }) }, created: now() };
        this.customers.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      case 'GET /v1/customers/:cus': {
        const c = this.customers.get(seg[3]!);
        return c ? { status: 200, body: c } : notFound('customer', seg[3]!);
      }
      case 'POST /v1/customers/:cus': {
        const c = this.customers.get(seg[3]!);
        if (!c) return notFound('customer', seg[3]!);
        const pm = f['invoice_settings[default_payment_method]'];
        if (pm !== undefined) {
          if (this.paymentMethods.get(pm)?.customer !== c.id)
            return stripeError(400, { type: 'invalid_request_error', message: `The customer does not have a payment method with the ID ${pm}.`, param: 'invoice_settings[default_payment_method]' });
          (c.invoice_settings as Obj).default_payment_method = pm;
        }
        return { status: 200, body: c };
      }
      case 'GET /v1/customers/:cus/payment_methods': {
        const data = [...this.paymentMethods.values()].filter((p) => p.customer === seg[3]);
        return { status: 200, body: list(data, `/v1/customers/${seg[3]}/payment_methods`) };
      }
      case 'GET /v1/payment_methods/:pm': {
        const p = this.paymentMethods.get(seg[3]!);
        return p ? { status: 200, body: p } : notFound('payment_method', seg[3]!);
      }
      case 'POST /v1/payment_methods/:pm/attach': {
        const p = this.paymentMethods.get(seg[3]!);
        if (!p) return notFound('payment_method', seg[3]!);
        p.customer = f.customer;
        return { status: 200, body: p };
      }
      case 'POST /v1/payment_methods/:pm/detach': {
        const p = this.paymentMethods.get(seg[3]!);
        if (!p) return notFound('payment_method', seg[3]!);
        p.customer = null;
        return { status: 200, body: p };
      }
      default:
        return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${r.method}: ${r.path}).` });
    }
  }

  /** A card as Stripe's page leaves it (tests put one where a card form would). */
  addCard(card: { brand: string; last4: string; exp_month: number; exp_year: number }, customer: string | null = null) {
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      billing_details: { name: 'Jenny Rosen', email: null, phone: null, address: null },
      card: { ...card, display_brand: card.brand, country: 'FI', funding: 'credit', fingerprint: randomBytes(8).toString('hex'), checks: { cvc_check: 'pass' } },
      created: now(),
      livemode: false,
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }
}
