import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { CYCLE_TIMER_KIND } from '../../modules/subscriptions/index.ts';
import { cartWith, createSubscription, patchSubscription, subOf, type tokens } from '../../modules/subscriptions/test-helpers.ts';
import { timers } from '../../modules/timers/index.ts';
import { initiateBody, orderLine } from '../../modules/transactions/test-helpers.ts';

/**
 * What clients do to the server while it is killed: buyers placing orders with
 * Idempotency-Keys (and retrying, with the same key, what the crash left
 * unanswered), and buyers paying online through the local provider's hosted
 * page, whose signed webhook the server then delivers to itself. Each workload
 * runs until the server goes away (a network error) and keeps what it was told.
 */

export interface Target {
  base: string;
  alive: boolean;
}

type Headers = Record<string, string>;

async function call(t: Target, method: string, url: string, headers: Headers, body?: unknown): Promise<{ status: number; json: unknown }> {
  try {
    const res = await fetch(`${t.base}${url}`, {
      method,
      headers: { ...headers, ...(body !== undefined && typeof body === 'string' ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  } catch {
    return { status: 0, json: null }; // the server died under the request
  }
}

const idOf = (json: unknown) => (json as { data?: { id?: string } } | null)?.data?.id;

// ---------------------------------------------------------------------------
// Orders: concurrent placements with Idempotency-Keys

export interface OrderKey {
  key: string;
  body: ReturnType<typeof initiateBody>;
  /** Every transaction id the server answered for this key (one, if idempotency holds). */
  ids: Set<string>;
  statuses: number[];
}

export class OrderWorkload {
  readonly keys: OrderKey[] = [];
  inFlight = 0;
  answered = 0;
  private next = 0;

  constructor(
    private readonly listingId: string,
    private readonly buyer: Headers,
    private readonly concurrency: number,
  ) {}

  private newKey(): OrderKey {
    const n = this.next++;
    const k: OrderKey = {
      key: `crash-order-${n}`,
      body: initiateBody(this.listingId, { params: { ...orderLine({ quantity: 1 }), protectedData: { cartName: `crash ${n}`, portCallId: 'PC-1', shipName: 'Finnmaid' } } }),
      ids: new Set(),
      statuses: [],
    };
    this.keys.push(k);
    return k;
  }

  /** Keys whose last attempt got no answer (cut off by a kill, or a 5xx): a client retries them with the same key. */
  unanswered() {
    return this.keys.filter((k) => k.ids.size === 0 && !k.statuses.some((s) => s >= 400 && s < 500));
  }

  async place(t: Target, k: OrderKey) {
    this.inFlight++;
    const res = await call(t, 'POST', '/api/transactions/initiate', { ...this.buyer, 'idempotency-key': k.key }, k.body);
    this.inFlight--;
    k.statuses.push(res.status);
    const id = idOf(res.json);
    if ((res.status === 200 || res.status === 201) && id) {
      k.ids.add(id);
      this.answered++;
    }
    return res.status;
  }

  /** Retries what the last crash cut off, then places new orders until the server dies. */
  async run(t: Target) {
    const retry = this.unanswered();
    const loop = async () => {
      for (;;) {
        if (!t.alive) return;
        const k = retry.shift() ?? this.newKey();
        if ((await this.place(t, k)) === 0) return;
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, loop));
  }
}

// ---------------------------------------------------------------------------
// Online payments: checkout session, the hosted card page, the webhook

export const CARD_OK = '4242424242424242';
export const CARD_DECLINED = '4000000000000002';

export interface PaymentFlow {
  key: string;
  transactionId?: string;
  /** How far the client got: placed, session, paid (303 from the card page), or where it was cut off. */
  step: 'placing' | 'placed' | 'session' | 'paid' | 'declined' | 'abandoned' | 'cut-off';
}

export class PaymentWorkload {
  readonly flows: PaymentFlow[] = [];
  inFlight = 0;
  paid = 0;
  private next = 0;

  constructor(
    private readonly listingId: string,
    private readonly buyer: Headers,
    private readonly concurrency: number,
  ) {}

  private async flow(t: Target): Promise<boolean> {
    const n = this.next++;
    const f: PaymentFlow = { key: `crash-pay-${n}`, step: 'placing' };
    this.flows.push(f);
    this.inFlight++;
    try {
      const body = initiateBody(this.listingId, { transition: 'request-payment', params: { ...orderLine({ quantity: 1 }), protectedData: { cartName: `pay ${n}`, portCallId: 'PC-1', shipName: 'Finnmaid' } } });
      const placed = await call(t, 'POST', '/api/transactions/initiate', { ...this.buyer, 'idempotency-key': f.key }, body);
      f.transactionId = idOf(placed.json);
      if (!f.transactionId) {
        f.step = 'cut-off';
        return placed.status !== 0;
      }
      f.step = 'placed';
      // Every 7th buyer walks away: the payment window's timer cancels the order.
      if (n % 7 === 6) {
        f.step = 'abandoned';
        return true;
      }
      const session = await call(t, 'POST', '/api/payment-accounts/create-checkout-session', this.buyer, { transactionId: f.transactionId });
      const url = (session.json as { sessionUrl?: string } | null)?.sessionUrl;
      if (!url) {
        f.step = 'cut-off';
        return session.status !== 0;
      }
      f.step = 'session';
      const card = n % 5 === 4 ? CARD_DECLINED : CARD_OK;
      const form = new URLSearchParams({ number: card, expiry: '12/34', cvc: '123' }).toString();
      const page = await call(t, 'POST', new URL(url).pathname, { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }, form);
      if (page.status !== 303) {
        f.step = 'cut-off';
        return page.status !== 0;
      }
      f.step = card === CARD_OK ? 'paid' : 'declined';
      if (card === CARD_OK) this.paid++;
      return true;
    } finally {
      this.inFlight--;
    }
  }

  async run(t: Target) {
    const loop = async () => {
      while (t.alive && (await this.flow(t)));
    };
    await Promise.all(Array.from({ length: this.concurrency }, loop));
  }
}

// ---------------------------------------------------------------------------
// Subscriptions: cycles the server's timers place while it is killed

/**
 * Accepted subscriptions of the buyer, daily at 09:00 in the port's zone, made
 * through the API of the in-process setup server (one one-line cart, a
 * subscription per request, each accepted by the seller). Acceptance schedules
 * each one's first cycle timer for its next 09:00; `spread` moves those timers'
 * due time into the kill loop, `burst` subscriptions at a time every `everyMs`,
 * so cycles fall due in every server life, while it is down (run once at the
 * restart) and just before each kill. The runner takes the cycle's date from the
 * timer, not its due time: a cycle run early orders the delivery of its date
 * (the 24 h catch-up limit counts from that delivery, later still).
 */
export class SubscriptionCycles {
  /** Each subscription's moved first cycle: its date and when its timer falls due. */
  readonly due = new Map<string, { date: string; at: number }>();

  async create(app: FastifyInstance, auth: Awaited<ReturnType<typeof tokens>>, listingId: string, count: number) {
    const today = new Date().toISOString().slice(0, 10);
    const schedule = { type: 'weekly', interval: 1, weekdays: [1, 2, 3, 4, 5, 6, 7], startTime: '09:00', startDate: today, endDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}` };
    // A subscription does not use up its cart: one cart serves them all.
    const cartId = await cartWith(app, auth.buyer, [listingId]);
    const one = async () => {
      const made = await createSubscription(app, auth.buyer, { cartId, schedule });
      if (made.statusCode !== 201) throw new Error(`subscription: ${made.statusCode} ${made.body}`);
      const id = subOf(made).id;
      const accepted = await patchSubscription(app, auth.seller, id, { status: 'accepted', message: 'crash run' });
      if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
      return id;
    };
    // Eight at a time: PostgreSQL's pool runs them side by side (PGlite, one connection, in turn).
    const ids: string[] = [];
    while (ids.length < count) ids.push(...(await Promise.all(Array.from({ length: Math.min(8, count - ids.length) }, one))));
    return ids;
  }

  /** Moves the pending first cycle timers of `ids` to fall due `burst` at a time every `everyMs` from `from`. */
  async spread(db: Db, ids: string[], from: number, plan: { burst: number; everyMs: number }) {
    for (const [i, id] of ids.entries()) {
      const at = from + Math.floor(i / plan.burst) * plan.everyMs;
      const [moved] = await db
        .update(timers)
        .set({ dueAt: new Date(at) })
        .where(and(eq(timers.kind, CYCLE_TIMER_KIND), eq(timers.key, id), eq(timers.state, 'pending')))
        .returning({ payload: timers.payload });
      if (!moved) throw new Error(`subscription ${id} has no pending cycle timer`);
      this.due.set(id, { date: String(moved.payload.cycleDate), at });
    }
  }

  /** The first due time after `t` (a burst), if any is left. */
  nextDue(t: number): number | undefined {
    let next: number | undefined;
    for (const { at } of this.due.values()) if (at > t && (next === undefined || at < next)) next = at;
    return next;
  }

  /** Subscriptions whose moved cycle the buyer has seen run. */
  private readonly ran = new Set<string>();

  /**
   * Waits until a cycle has run since `since` (this server life), as its subscription shows the
   * buyer: the runner takes due cycles in due order, so the earliest due one not yet seen run is
   * next. False if none runs in time (or none is left).
   */
  async awaitCycle(t: Target, buyer: Headers, since: number, timeoutMs: number): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end && t.alive) {
      const [next] = [...this.due].filter(([id, d]) => !this.ran.has(id) && d.at <= Date.now()).sort((a, b) => a[1].at - b[1].at);
      if (!next && this.nextDue(Date.now()) === undefined) return false;
      if (next) {
        const res = await call(t, 'GET', `/v1/marketplace/subscriptions/${next[0]}`, buyer);
        const cycle = ((res.json as { data?: { cycles?: { cycleDate: string; ranAt: string }[] } } | null)?.data?.cycles ?? []).find((c) => c.cycleDate === next[1].date);
        if (cycle) {
          this.ran.add(next[0]);
          if (Date.parse(cycle.ranAt) >= since) return true;
          continue;
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  }
}
