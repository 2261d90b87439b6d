import {
  findTransition,
  PROCESSES,
  transitionsFrom,
  type InvalidParam,
  type PaymentStatus,
  type ProcessActor,
  type ProcessGraph,
  type ProcessTransition,
  type TimerPeriod,
  type TransactionProtectedData,
  type TransactionState,
  type TransitionName,
  type TransitionParam,
  type TransitionParams,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { AppError, invalidParams } from '../../plugins/errors.ts';
import { notifyTransition } from '../notifications/index.ts';
import { cancelTimers, scheduleTimer } from '../timers/index.ts';
import { recordReview } from '../reviews/index.ts';
import { assertOrderableAfterEnquiry } from './transactions.booking.ts';
import { afterTransition, checkOnlinePayment } from './transactions.hooks.ts';
import { quoteLineItems, totalsOf, withReversals } from './transactions.line-items.ts';
import * as repo from './transactions.repository.ts';
import { refreshOwnJson } from './transactions.page.ts';
import type { StoredReview, TransactionRow } from './transactions.schema.ts';

/**
 * The process engine: one transition of one locked transaction, as the
 * contracts' graph allows it: the actor's role, the parameters, the effects
 * (stock, quote, reversals, reviews), the record, and the timers of the state
 * it enters. Runs inside the caller's database transaction.
 */

/** The durable timer kind of every timed transition; the key is the transaction id. */
export const TRANSITION_TIMER_KIND = 'transaction-transition';

export interface TransitionRequest {
  name: TransitionName;
  actor: ProcessActor;
  /** The person taking it; null for the system. */
  actorId: string | null;
  params: TransitionParams;
  now?: Date;
  /** An operator's cancellation reason, kept on the transaction beside the transition's own parameters. */
  reason?: string;
}

export const invalidTransition = (state: TransactionState, transition: string) =>
  new AppError('transaction-invalid-transition', 409, { state, transition });

/** Where each parameter of the graph lives in the request body. */
function paramValue(params: TransitionParams, p: TransitionParam): unknown {
  switch (p) {
    case 'negotiatedTotal':
    case 'reviewRating':
    case 'reviewContent':
      return params[p];
    default:
      return params.protectedData?.[p];
  }
}
const PARAM_PATHS: Record<TransitionParam, string> = {
  negotiatedTotal: 'body.params.negotiatedTotal',
  reviewRating: 'body.params.reviewRating',
  reviewContent: 'body.params.reviewContent',
  comment: 'body.params.protectedData.comment',
  reason: 'body.params.protectedData.reason',
  negotiatedDeliveryCharge: 'body.params.protectedData.negotiatedDeliveryCharge',
  validUntil: 'body.params.protectedData.validUntil',
};
const ALL_PARAMS = Object.keys(PARAM_PATHS) as TransitionParam[];

/** Required parameters must be there; parameters the transition does not take are refused rather than silently dropped. */
export function checkParams(def: ProcessTransition, params: TransitionParams, currency: string, now: Date) {
  const issues: InvalidParam[] = [];
  const allowed = new Set([...(def.requires ?? []), ...(def.accepts ?? [])]);
  for (const p of def.requires ?? []) if (paramValue(params, p) === undefined) issues.push({ path: PARAM_PATHS[p], message: 'validation.required' });
  for (const p of ALL_PARAMS) if (!allowed.has(p) && paramValue(params, p) !== undefined) issues.push({ path: PARAM_PATHS[p], message: 'validation.invalid' });
  for (const p of ['negotiatedTotal', 'negotiatedDeliveryCharge'] as const) {
    const m = paramValue(params, p) as { currency: string } | undefined;
    if (allowed.has(p) && m && m.currency !== currency) issues.push({ path: `${PARAM_PATHS[p]}.currency`, message: 'listings:validation.currency' });
  }
  const validUntil = params.protectedData?.validUntil;
  if (allowed.has('validUntil') && validUntil && Date.parse(validUntil) <= now.getTime())
    issues.push({ path: PARAM_PATHS.validUntil, message: 'validation.invalid' });
  if (issues.length) throw invalidParams(issues);
}

const REVIEWS_BY: Partial<Record<TransitionName, 'customer' | 'provider'>> = {
  'review-1-by-customer': 'customer',
  'review-2-by-customer': 'customer',
  'review-1-by-provider': 'provider',
  'review-2-by-provider': 'provider',
};

/** A second review by the same side answers the spec's own code instead of a plain invalid transition. */
function alreadyReviewed(row: TransactionRow, name: TransitionName, actor: ProcessActor) {
  const side = REVIEWS_BY[name];
  if (!side || side !== actor) return;
  const type = side === 'customer' ? 'ofProvider' : 'ofCustomer';
  if (row.reviews.some((r) => r.type === type))
    throw new AppError(side === 'customer' ? 'transaction-already-reviewed-by-customer' : 'transaction-already-reviewed-by-provider', 409);
}

const PAYMENT_STATUS_AFTER: Partial<Record<TransitionName, PaymentStatus>> = {
  order: 'OFFLINE',
  'order-after-enquiry': 'OFFLINE',
  'request-payment': 'ONLINE_PENDING',
  'request-payment-after-enquiry': 'ONLINE_PENDING',
  'confirm-payment': 'ONLINE_CONFIRM',
  'cancel-payment': 'ONLINE_CANCEL',
};
export const paymentStatusAfter = (name: TransitionName, current: PaymentStatus) => PAYMENT_STATUS_AFTER[name] ?? current;

/** Whole units taken from stock for an order quantity (stock counts whole units; 2.5 t holds 3). */
export const stockUnits = (quantity: number) => Math.ceil(quantity);

export function timerPeriodMs(ctx: AppContext, period: TimerPeriod): number {
  const c = ctx.config;
  const periods: Record<TimerPeriod, number> = {
    'payment-window': c.PAYMENT_WINDOW_MS,
    'quote-request': c.QUOTE_REQUEST_EXPIRY_MS,
    'quote-validity': c.QUOTE_VALIDITY_MS,
    'auto-complete': c.AUTO_COMPLETE_MS,
    'review-period': c.REVIEW_PERIOD_MS,
  };
  return periods[period];
}

/** Schedules the timed transition of the state just entered (each state of the graphs has at most one). */
export async function scheduleStateTimers(
  ctx: AppContext,
  tx: Tx,
  args: { id: string; graph: ProcessGraph; state: TransactionState; validUntil: string | null; now: Date },
) {
  for (const t of transitionsFrom(args.graph, args.state)) {
    if (!t.after) continue;
    const dueAt =
      t.after === 'quote-validity' && args.validUntil ? new Date(args.validUntil) : new Date(args.now.getTime() + timerPeriodMs(ctx, t.after));
    await scheduleTimer(tx, { kind: TRANSITION_TIMER_KIND, key: args.id, dueAt, payload: { transition: t.name, from: args.state } });
  }
}

const hasTimer = (graph: ProcessGraph, state: TransactionState) => transitionsFrom(graph, state).some((t) => t.after);

/** Takes stock for a transaction; refused with the catalogue's code when short. Returns the units now held. */
export async function reserveStock(tx: Tx, listingId: string, quantity: number, tracked: boolean): Promise<number> {
  if (!tracked) return 0;
  const units = stockUnits(quantity);
  if (await repo.takeStock(tx, listingId, units)) return units;
  const left = await repo.stockOf(tx, listingId);
  if (left === null) return 0; // the seller switched stock off meanwhile: nothing to hold
  throw new AppError('transaction-listing-insufficient-stock', 409, { currentStock: left });
}

/** Applies one transition to a transaction locked by the caller; throws 409 transaction-invalid-transition when the graph does not allow it. */
export async function applyTransition(ctx: AppContext, tx: Tx, row: TransactionRow, req: TransitionRequest): Promise<TransactionState> {
  const now = req.now ?? new Date();
  const graph = PROCESSES[row.processAlias];
  alreadyReviewed(row, req.name, req.actor);
  const def = findTransition(graph, row.state, req.name);
  if (!def || !def.actors.includes(req.actor)) throw invalidTransition(row.state, req.name);
  checkParams(def, req.params, row.currency, now);

  const pd: TransactionProtectedData = { ...row.protectedData };
  let lineItems = row.lineItems;
  let stockReserved = row.stockReserved;
  let reviews: StoredReview[] = row.reviews;
  const given = req.params.protectedData ?? {};
  if (given.comment !== undefined) pd.comment = given.comment;
  if (given.reason !== undefined) pd.reason = given.reason;
  if (req.reason !== undefined) pd.reason = req.reason;
  pd.paymentStatus = paymentStatusAfter(req.name, pd.paymentStatus);

  if (row.state === 'enquiry') await assertOrderableAfterEnquiry(tx, row, def.to === 'pending-payment', now);
  if (def.to === 'pending-payment') {
    const t = totalsOf(row.lineItems, row.currency);
    await checkOnlinePayment(ctx, tx, { providerId: row.providerId, customerId: row.customerId, ...t, currency: row.currency, cartId: row.protectedData.cartId });
  }
  for (const effect of def.effects ?? []) {
    if (effect === 'reserve-stock' && stockReserved === 0) {
      const tracked = (await repo.stockOf(tx, row.listingId)) !== null;
      stockReserved = await reserveStock(tx, row.listingId, row.quantity, tracked);
    }
    if (effect === 'release-stock' && stockReserved > 0) {
      await repo.returnStock(tx, row.listingId, stockReserved);
      stockReserved = 0;
    }
    if (effect === 'apply-quote') {
      pd.negotiatedDeliveryCharge = given.negotiatedDeliveryCharge ?? null;
      pd.validUntil = given.validUntil ?? null;
      lineItems = quoteLineItems(req.params.negotiatedTotal!, given.negotiatedDeliveryCharge);
    }
    if (effect === 'reverse-line-items') lineItems = withReversals(lineItems);
    if (effect === 'record-review') {
      const type = req.actor === 'customer' ? 'ofProvider' : 'ofCustomer';
      reviews = [...reviews, { type, rating: req.params.reviewRating!, content: req.params.reviewContent!, authorId: req.actorId!, createdAt: now.toISOString() }];
      // The reviews module's table, read by GET /api/reviews, written in this same database transaction.
      await recordReview(tx, {
        transactionId: row.id,
        type,
        rating: req.params.reviewRating!,
        content: req.params.reviewContent!,
        authorId: req.actorId!,
        subjectId: type === 'ofProvider' ? row.providerId : row.customerId,
        listingId: row.listingId,
        createdAt: now,
      });
    }
  }

  const totals = totalsOf(lineItems, row.currency);
  await repo.updateTransaction(tx, row.id, {
    state: def.to,
    lastTransition: def.name,
    lastTransitionedAt: now,
    protectedData: pd,
    lineItems,
    ...totals,
    stockReserved,
    reviews,
  });
  await repo.insertTransition(tx, {
    transactionId: row.id,
    transition: def.name,
    by: req.actor,
    actorId: req.actorId,
    params: recordedParams(req),
    createdAt: now,
  });
  // Payments: a cancelled paid order is refunded, a completed one paid out (provider calls queued in this database transaction).
  await afterTransition(ctx, tx, {
    transactionId: row.id,
    transition: def.name,
    from: row.state,
    to: def.to,
    paymentStatusBefore: row.protectedData.paymentStatus,
    paymentStatus: pd.paymentStatus,
    metadata: row.metadata,
    providerId: row.providerId,
    ...totals,
    currency: row.currency,
  });
  if (hasTimer(graph, row.state)) await cancelTimers(tx, { key: row.id, kind: TRANSITION_TIMER_KIND });
  await scheduleStateTimers(ctx, tx, { id: row.id, graph, state: def.to, validUntil: pd.validUntil, now });
  // The other party's e-mail is an outbox row of this same database transaction: a rolled-back transition mails nothing.
  await notifyTransition(ctx, tx, {
    transaction: { ...row, shipName: pd.shipName },
    transition: def.name,
    actor: req.actor,
    actorId: req.actorId,
    comment: given.comment ?? given.reason ?? req.reason,
    reviewRating: req.params.reviewRating,
    total: def.effects?.includes('apply-quote') ? { amount: totals.payinTotal, currency: row.currency } : undefined,
  });
  // Last: the hooks above may have changed the row too.
  await refreshOwnJson(tx, row.id);
  return def.to;
}

/** What the history keeps of a transition's parameters (the review text stays with the review). */
function recordedParams(req: TransitionRequest): Record<string, unknown> {
  const pd = req.params.protectedData ?? {};
  const out: Record<string, unknown> = {};
  const comment = pd.comment ?? pd.reason ?? req.reason;
  if (comment !== undefined) out.comment = comment;
  if (req.params.negotiatedTotal) out.negotiatedTotal = req.params.negotiatedTotal;
  if (pd.negotiatedDeliveryCharge) out.negotiatedDeliveryCharge = pd.negotiatedDeliveryCharge;
  if (pd.validUntil) out.validUntil = pd.validUntil;
  if (req.params.reviewRating !== undefined) out.reviewRating = req.params.reviewRating;
  return out;
}
