import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { listings } from '../../modules/listings/listings.schema.ts';
import {
  localPayLedger,
  localPayMovements,
  localPayPayments,
  localPaySessions,
  localPayWebhooks,
  paymentActions,
  paymentCheckouts,
  paymentEvents,
} from '../../modules/payments/payments.schema.ts';
import { CYCLE_TIMER_KIND } from '../../modules/subscriptions/index.ts';
import { subscriptionCycles } from '../../modules/subscriptions/subscriptions.schema.ts';
import { timers } from '../../modules/timers/timers.schema.ts';
import { transactionIdempotencyKeys, transactions, transactionTransitions } from '../../modules/transactions/transactions.schema.ts';
import { vesselPositions, vessels } from '../../modules/vessels/vessels.schema.ts';
import { AIS_MMSI0, shipName, traceReport } from './ais-feed.ts';
import type { OrderKey } from './crash-workloads.ts';

/**
 * What must hold in the database after any number of SIGKILLs and restarts.
 * Each check returns the violations it found as sentences (none when sound),
 * so the suite can assert an empty list and the bench can print them.
 */

const TRANSITION_TIMER_KIND = 'transaction-transition';
/** States a timed transition leaves (packages/contracts processes.ts `after:`) that the crash workloads reach. */
const TIMED_STATES = new Set(['pending-payment', 'delivered', 'completed', 'reviewed-by-provider', 'reviewed-by-customer', 'quote-requested', 'provider-made-quote']);

export interface InvariantInput {
  listings: { id: string; stock: number }[];
  orders: OrderKey[];
  buyerId: string;
  ais?: { ships: number; maxTick: number; historyIntervalMs: number; since: Date };
}

async function transactionsOf(db: Db, listingIds: string[]) {
  const rows = await db.select().from(transactions).where(inArray(transactions.listingId, listingIds));
  const steps = rows.length
    ? await db
        .select()
        .from(transactionTransitions)
        .where(
          inArray(
            transactionTransitions.transactionId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(transactionTransitions.seq))
    : [];
  const byTx = new Map<string, typeof steps>();
  for (const s of steps) byTx.set(s.transactionId, [...(byTx.get(s.transactionId) ?? []), s]);
  return { rows, byTx };
}

/** Stock, transitions, idempotency keys and timers of the orders placed on the given listings. */
export async function orderInvariants(db: Db, input: InvariantInput): Promise<string[]> {
  const bad: string[] = [];
  const ids = input.listings.map((l) => l.id);
  const { rows, byTx } = await transactionsOf(db, ids);

  // Stock: what the listing has left plus what its orders hold is what the seller put up.
  for (const l of input.listings) {
    const [listing] = await db.select({ currentStock: listings.currentStock }).from(listings).where(eq(listings.id, l.id));
    const held = rows.filter((r) => r.listingId === l.id).reduce((s, r) => s + r.stockReserved, 0);
    if ((listing?.currentStock ?? NaN) + held !== l.stock) bad.push(`listing ${l.id}: current stock ${listing?.currentStock} + reserved ${held} != ${l.stock}`);
    if ((listing?.currentStock ?? 0) < 0) bad.push(`listing ${l.id}: negative stock ${listing?.currentStock}`);
  }
  for (const r of rows) {
    const released = r.state === 'cancelled' || r.state === 'declined';
    if (r.stockReserved !== (released ? 0 : r.quantity)) bad.push(`transaction ${r.id} (${r.state}) holds ${r.stockReserved} of quantity ${r.quantity}`);
    const steps = byTx.get(r.id) ?? [];
    if (!steps.length) bad.push(`transaction ${r.id} has no transitions`);
    else if (steps[steps.length - 1]!.transition !== r.lastTransition) bad.push(`transaction ${r.id}: last transition ${r.lastTransition} but the log ends with ${steps[steps.length - 1]!.transition}`);
    const names = steps.map((s) => s.transition);
    if (new Set(names).size !== names.length) bad.push(`transaction ${r.id} took a transition twice: ${names.join(', ')}`);
  }

  // One transaction per idempotency key, and each answer the client got is that one.
  const keyRows = await db.select().from(transactionIdempotencyKeys).where(eq(transactionIdempotencyKeys.userId, input.buyerId));
  const txIds = new Set(rows.map((r) => r.id));
  const keyOf = new Map(keyRows.map((k) => [k.key, k.transactionId]));
  const perTx = new Map<string, number>();
  for (const k of keyRows) perTx.set(k.transactionId, (perTx.get(k.transactionId) ?? 0) + 1);
  for (const k of keyRows) if (k.key.startsWith('crash-') && !txIds.has(k.transactionId)) bad.push(`idempotency key ${k.key} points at a missing transaction ${k.transactionId}`);
  for (const r of rows) if (r.customerId === input.buyerId && perTx.get(r.id) !== 1) bad.push(`transaction ${r.id} has ${perTx.get(r.id) ?? 0} idempotency keys`);
  for (const o of input.orders) {
    if (o.ids.size > 1) bad.push(`key ${o.key} was answered with ${o.ids.size} transactions: ${[...o.ids].join(', ')}`);
    const stored = keyOf.get(o.key);
    if (o.ids.size === 1 && stored !== [...o.ids][0]) bad.push(`key ${o.key} was answered ${[...o.ids][0]} but stores ${stored}`);
  }

  // Timers: a transaction in a timed state has its one pending timer; no other has any; none failed or ran twice.
  const timerRows = rows.length ? await db.select().from(timers).where(inArray(timers.key, [...txIds])) : [];
  for (const r of rows) {
    const mine = timerRows.filter((t) => t.key === r.id && t.kind === TRANSITION_TIMER_KIND);
    const pending = mine.filter((t) => t.state === 'pending');
    const expected = TIMED_STATES.has(r.state) ? 1 : 0;
    if (pending.length !== expected) bad.push(`transaction ${r.id} (${r.state}) has ${pending.length} pending timers, expected ${expected}`);
    if (pending[0] && (pending[0].payload as { from?: string }).from !== r.state) bad.push(`transaction ${r.id} (${r.state}) has a pending timer from ${(pending[0].payload as { from?: string }).from}`);
    const failed = mine.filter((t) => t.state === 'failed');
    if (failed.length) bad.push(`transaction ${r.id}: ${failed.length} failed timers (${failed[0]!.lastError})`);
    const doneFrom = mine.filter((t) => t.state === 'done').map((t) => (t.payload as { from?: string }).from);
    if (new Set(doneFrom).size !== doneFrom.length) bad.push(`transaction ${r.id}: a timer ran twice (${doneFrom.join(', ')})`);
  }
  return bad;
}

/**
 * The local provider's books and Harbor's side of them: every entry balances,
 * each charge is booked once, every event was delivered and applied once, and
 * each paid order was confirmed once (or refunded, when paid after its window).
 */
export async function paymentInvariants(db: Db, opts: { settled: boolean }): Promise<string[]> {
  // One snapshot: the server's relays run beside the check (before settling they are catching up), and a refund
  // committed between reading the ledger and reading the payments looked like a refund never booked.
  return db.transaction((tx) => paymentInvariantsIn(tx, opts), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function paymentInvariantsIn(db: Tx, opts: { settled: boolean }): Promise<string[]> {
  const bad: string[] = [];
  const ledger = await db.select().from(localPayLedger);
  const entries = new Map<string, number>();
  for (const l of ledger) entries.set(l.entryId, (entries.get(l.entryId) ?? 0) + l.amount);
  for (const [id, sum] of entries) if (sum !== 0) bad.push(`ledger entry ${id} sums to ${sum}`);
  const payments = await db.select().from(localPayPayments);
  const movements = await db.select().from(localPayMovements);
  for (const p of payments) {
    const charges = ledger.filter((l) => l.kind === 'charge' && l.paymentIntentId === p.id && l.amount > 0);
    if (charges.length !== 1 || charges[0]!.amount !== p.amount) bad.push(`payment ${p.id}: ${charges.length} charge entries`);
    const refunds = movements.filter((m) => m.kind === 'refund' && m.paymentIntentId === p.id).reduce((s, m) => s + m.amount, 0);
    if (refunds !== p.amountRefunded) bad.push(`payment ${p.id}: refunded ${p.amountRefunded}, refund movements ${refunds}`);
    const booked = ledger.filter((l) => l.kind === 'refund' && l.paymentIntentId === p.id && l.amount > 0).reduce((s, l) => s + l.amount, 0);
    if (booked !== refunds) bad.push(`payment ${p.id}: refund movements ${refunds}, booked ${booked}`);
  }
  const held = ledger.filter((l) => l.account === 'platform:held').reduce((s, l) => s + l.amount, 0);
  const expectedHeld = payments.reduce((s, p) => s + p.amount - p.amountRefunded - p.amountTransferred, 0);
  if (held !== expectedHeld) bad.push(`platform:held is ${held}, the payments leave ${expectedHeld}`);

  const sessions = await db.select().from(localPaySessions).where(eq(localPaySessions.mode, 'payment'));
  const hooks = await db.select().from(localPayWebhooks);
  const completedHooks = hooks.filter((h) => h.type === 'checkout.session.completed');
  for (const s of sessions) {
    const paidFor = payments.filter((p) => p.sessionId === s.id);
    if ((s.status === 'complete') !== (paidFor.length === 1)) bad.push(`session ${s.id} is ${s.status} with ${paidFor.length} payments`);
    const events = completedHooks.filter((h) => (h.payload as { data: { object: { id: string } } }).data.object.id === s.id);
    if (events.length !== (s.status === 'complete' ? 1 : 0)) bad.push(`session ${s.id} (${s.status}) raised ${events.length} completed events`);
  }

  const applied = await db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'local'));
  const appliedIds = new Set(applied.map((e) => e.eventId));
  for (const h of hooks) {
    if (h.deliveredAt && !appliedIds.has(h.id)) bad.push(`event ${h.id} (${h.type}) delivered but never applied`);
    if (opts.settled && !h.deliveredAt) bad.push(`event ${h.id} (${h.type}) never delivered (${h.attempts} attempts, ${h.lastError})`);
  }
  for (const e of applied) if (!hooks.some((h) => h.id === e.eventId)) bad.push(`applied event ${e.eventId} was never sent`);

  // Each paid session's order: confirmed once, or refunded because the window had lapsed.
  const checkouts = await db.select().from(paymentCheckouts);
  for (const p of payments) {
    if (!appliedIds.has(completedHooks.find((h) => (h.payload as { data: { object: { id: string } } }).data.object.id === p.sessionId)?.id ?? '')) continue;
    const c = checkouts.find((x) => x.sessionId === p.sessionId);
    if (c?.status !== 'paid' || c.paymentIntentId !== p.id) bad.push(`checkout ${p.sessionId} is ${c?.status} after its payment was applied`);
    const [t] = await db.select().from(transactions).where(eq(transactions.id, p.transactionId!));
    const steps = (await db.select().from(transactionTransitions).where(eq(transactionTransitions.transactionId, p.transactionId!))).map((s) => s.transition);
    const confirmed = steps.filter((s) => s === 'confirm-payment').length;
    const refund = await db.select().from(paymentActions).where(eq(paymentActions.transactionId, p.transactionId!));
    const refunds = refund.filter((a) => a.kind === 'refund');
    if (confirmed === 1) {
      if (refunds.length && t?.state !== 'cancelled' && t?.state !== 'declined') bad.push(`order ${t?.id} confirmed and refunded`);
    } else if (confirmed === 0) {
      if (refunds.length !== 1) bad.push(`order ${t?.id} (${t?.state}) paid, not confirmed, and ${refunds.length} refunds`);
      else if (opts.settled && (refunds[0]!.state !== 'done' || p.amountRefunded !== p.amount)) bad.push(`order ${t?.id}: refund ${refunds[0]!.state}, refunded ${p.amountRefunded} of ${p.amount}`);
    } else bad.push(`order ${t?.id} confirmed ${confirmed} times`);
  }
  return bad;
}

/**
 * The subscriptions' cycles after the final catch-up: each cycle that fell due by `ranBy` ran once (one
 * row per subscription and date, ordered or visibly failed), each cycle order is the one its row
 * names (the listing's only orders, under the cycle's idempotency key, for the cycle's delivery),
 * and each subscription's timer chain moved on: no cycle timer failed, none due is still pending.
 */
export async function subscriptionInvariants(db: Db, input: { listingId: string; due: Map<string, { date: string; at: number }>; ranBy: Date; now: Date }) {
  const bad: string[] = [];
  const ids = [...input.due.keys()];
  const rows = await db.select().from(subscriptionCycles).where(inArray(subscriptionCycles.subscriptionId, ids));
  const perCycle = new Map<string, number>();
  for (const c of rows) perCycle.set(`${c.subscriptionId} ${c.cycleDate}`, (perCycle.get(`${c.subscriptionId} ${c.cycleDate}`) ?? 0) + 1);
  for (const [cycle, n] of perCycle) if (n > 1) bad.push(`subscription cycle ${cycle} has ${n} rows`);
  for (const [id, d] of input.due) if (d.at <= input.ranBy.getTime() && !perCycle.has(`${id} ${d.date}`)) bad.push(`subscription ${id}: its cycle of ${d.date}, due ${new Date(d.at).toISOString()}, never ran`);

  const orders = await db.select().from(transactions).where(eq(transactions.listingId, input.listingId));
  const orderOf = new Map(orders.map((t) => [t.id, t]));
  const keys = orders.length ? await db.select().from(transactionIdempotencyKeys).where(inArray(transactionIdempotencyKeys.transactionId, [...orderOf.keys()])) : [];
  const claimed = new Map<string, number>();
  for (const c of rows) {
    const cycle = `subscription ${c.subscriptionId} cycle ${c.cycleDate}`;
    if ((c.state === 'ordered') !== (c.transactionId !== null) || (c.state === 'failed') !== (c.failure !== null)) bad.push(`${cycle} is ${c.state} with transaction ${c.transactionId} and failure ${c.failure}`);
    if (!c.transactionId) continue;
    claimed.set(c.transactionId, (claimed.get(c.transactionId) ?? 0) + 1);
    const t = orderOf.get(c.transactionId);
    if (!t) bad.push(`${cycle} names transaction ${c.transactionId}, which is not an order of its listing`);
    else if (t.bookingStart?.getTime() !== c.startsAt.getTime()) bad.push(`${cycle} starts ${c.startsAt.toISOString()}, its order ${t.id} ${t.bookingStart?.toISOString()}`);
    const key = keys.find((k) => k.transactionId === c.transactionId)?.key;
    if (key !== `subscription:${c.subscriptionId}:${c.cycleDate}`) bad.push(`${cycle}: its order ${c.transactionId} has the idempotency key ${key}`);
  }
  for (const t of orders) if (claimed.get(t.id) !== 1) bad.push(`order ${t.id} on the subscription listing is named by ${claimed.get(t.id) ?? 0} cycles`);

  const chain = await db
    .select()
    .from(timers)
    .where(and(eq(timers.kind, CYCLE_TIMER_KIND), inArray(timers.key, ids)));
  for (const t of chain) {
    if (t.state === 'failed') bad.push(`cycle timer of subscription ${t.key} (${String(t.payload.cycleDate)}) failed: ${t.lastError}`);
    if (t.state === 'pending' && t.dueAt <= input.now) bad.push(`cycle timer of subscription ${t.key} (${String(t.payload.cycleDate)}) is still pending, due ${t.dueAt.toISOString()}`);
  }
  for (const id of ids) if (!chain.some((t) => t.key === id && t.state === 'pending')) bad.push(`subscription ${id} has no pending cycle timer`);
  return { bad, rows };
}

/** The ships of the AIS feed: history rows are reports the feed sent, in order, thinned, once; statics as sent. */
export async function vesselInvariants(db: Db, ais: NonNullable<InvariantInput['ais']>): Promise<{ bad: string[]; rows: number }> {
  const bad: string[] = [];
  const rows = await db
    .select()
    .from(vesselPositions)
    .where(inArray(vesselPositions.mmsi, Array.from({ length: ais.ships }, (_, i) => AIS_MMSI0 + i)))
    .orderBy(asc(vesselPositions.mmsi), asc(vesselPositions.at));
  let prev: { mmsi: number; at: number; k: number } | undefined;
  for (const r of rows) {
    const traced = traceReport(r.mmsi, r.lat, r.lon, ais.ships, ais.maxTick);
    if (!traced) {
      bad.push(`position ${r.mmsi} ${r.at.toISOString()} (${r.lat}, ${r.lon}) is no report the feed sent`);
      continue;
    }
    const at = r.at.getTime();
    if (at < ais.since.getTime() || at > Date.now() + 1000) bad.push(`position ${r.mmsi} at ${r.at.toISOString()} is outside the run`);
    if (prev?.mmsi === r.mmsi) {
      if (traced.k <= prev.k) bad.push(`ship ${r.mmsi}: report ${traced.k} stored after report ${prev.k} (${r.at.toISOString()})`);
      if (at - prev.at < ais.historyIntervalMs) bad.push(`ship ${r.mmsi}: history points ${at - prev.at} ms apart (< ${ais.historyIntervalMs})`);
    }
    prev = { mmsi: r.mmsi, at, k: traced.k };
  }
  const statics = await db.select().from(vessels).where(like(vessels.name, 'CRASH %'));
  for (const v of statics) {
    const i = v.mmsi - AIS_MMSI0;
    if (v.name !== shipName(i) || v.callSign !== `OH${i}` || v.destination !== 'FIHEL' || v.shipType !== 70) bad.push(`vessel ${v.mmsi} stored as ${JSON.stringify({ name: v.name, callSign: v.callSign, destination: v.destination, shipType: v.shipType })}`);
  }
  return { bad, rows: rows.length };
}
