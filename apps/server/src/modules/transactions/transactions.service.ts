import { createHash, randomUUID } from 'node:crypto';
import {
  findTransition,
  PROCESSES,
  Scope,
  type InitiateBody,
  type OperatorCancelBody,
  type Transaction,
  type TransactionProtectedData,
  type TransactionRole,
  type TransitionBody,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidParams, notFound } from '../../plugins/errors.ts';
import { attachmentsOf } from '../attachments/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { AccessToken } from '../auth/index.ts';
import { lockCartLine, markCartLinePlaced } from '../carts/index.ts';
import { listingsRepository, publicDataOf, validateOrderLine } from '../listings/index.ts';
import { recordEnquiryMessage } from '../messages/index.ts';
import { notifyTransition } from '../notifications/index.ts';
import { assertTimeAvailable } from './transactions.booking.ts';
import { checkOnlinePayment } from './transactions.hooks.ts';
import { applyTransition, checkParams, invalidTransition, paymentStatusAfter, reserveStock, scheduleStateTimers, stockUnits } from './transactions.engine.ts';
import { lineItemsOf, totalsOf } from './transactions.line-items.ts';
import { toTransaction } from './transactions.mapper.ts';
import * as repo from './transactions.repository.ts';
import { refreshOwnJson } from './transactions.page.ts';
import type { TransactionRow } from './transactions.schema.ts';
import type { Tx } from '../../db/index.ts';

type Auth = Pick<AccessToken, 'sub' | 'scopes'>;

/** The caller's side of a transaction; null when it is none of theirs (answered 404, so ids do not leak). */
export function roleOf(row: Pick<TransactionRow, 'customerId' | 'providerId'>, auth: Auth): TransactionRole | null {
  if (row.customerId === auth.sub) return 'customer';
  if (row.providerId === auth.sub) return 'provider';
  if (auth.scopes.includes(Scope.operator)) return 'operator';
  return null;
}

export async function show(ctx: AppContext, auth: Auth, id: string, db: Tx = ctx.db): Promise<Transaction> {
  const j = await repo.findJoined(db, id);
  const role = j && roleOf(j.t, auth);
  if (!j || !role) throw notFound();
  const attachments = await attachmentsOf(db, id);
  return { ...toTransaction(j, role), attachments, reviews: visibleReviews(j.t, role) };
}

/** Reviews stay sealed until the order is reviewed (both wrote theirs or the period lapsed): before that a party sees only its own. */
function visibleReviews(row: TransactionRow, role: TransactionRole) {
  const own = role === 'customer' ? 'ofProvider' : 'ofCustomer';
  const open = row.state === 'reviewed' || role === 'operator';
  return row.reviews.filter((r) => open || r.type === own).map(({ type, rating, content, createdAt }) => ({ type, rating, content, createdAt }));
}

/**
 * The listing checks of the listings module (orderable, price, order-panel
 * rules, stock) with the codes a placement answers: a listing that cannot be
 * ordered yet is as good as not found, one's own listing has its own code.
 */
export async function validatedLine(ctx: AppContext, auth: Auth, body: Pick<InitiateBody['params'], 'listingId'> & Parameters<typeof validateOrderLine>[3]) {
  // Both reads at once; the listing's own checks decide first which code answers.
  const [row, validated] = await Promise.all([
    listingsRepository.findRow(ctx.db, body.listingId),
    validateOrderLine(ctx, auth, body.listingId, body).then(
      (v) => ({ v }),
      (err: unknown) => ({ err }),
    ),
  ]);
  if (!row || row.deleted) throw new AppError('transaction-listing-not-found', 404);
  if (row.authorId === auth.sub) throw new AppError('transaction-own-listing', 403);
  if ('v' in validated) return { row, ...validated.v };
  const err = validated.err;
  if (err instanceof AppError && err.meta?.reason === 'listings:order.orderingDisabled') throw new AppError('transaction-listing-not-found', 404, err.meta);
  throw err;
}

/** Thrown inside the database transaction when another call already used the idempotency key: everything rolls back. */
class KeyTaken extends Error {}

const hashOf = (body: InitiateBody) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** The first result of a key; the same key with another body is refused (a client reusing keys would otherwise get the wrong order). */
async function replay(ctx: AppContext, auth: Auth, first: { transactionId: string; requestHash: string }, requestHash: string): Promise<Placed> {
  if (first.requestHash && first.requestHash !== requestHash) throw new AppError('conflict', 409, { reason: 'idempotency-key-reused' });
  return { data: await show(ctx, auth, first.transactionId), replayed: true };
}
/** Thrown inside the database transaction when the cart line was placed already: its first transaction stands. */
class LinePlaced extends Error {
  constructor(readonly transactionId: string) {
    super('cart line placed');
  }
}

/**
 * The cart line this call places, locked until the order commits (two
 * placements of one line queue here); the cart names the ship and port call
 * where the call did not.
 */
async function lockLine(tx: Tx, auth: Auth, lineId: string, listingId: string, pd: TransactionProtectedData) {
  const { cart, line } = await lockCartLine(tx, auth.sub, lineId);
  if (line.listingId !== listingId) throw invalidParams([{ path: 'body.params.protectedData.cartProductId', message: 'validation.invalid' }]);
  if (line.placed) throw new LinePlaced(line.placed.transactionId);
  pd.cartId = cart.id;
  pd.cartName ??= cart.name;
  pd.shipName ??= cart.ship.name;
  pd.shipImo ??= cart.ship.imo;
  pd.portCallId ??= cart.portCall?.callId ?? null;
  pd.portName ??= cart.portCall?.portName ?? null;
}

export interface Placed {
  data: Transaction;
  /** True when an earlier call with the same Idempotency-Key made it. */
  replayed: boolean;
}

/** POST /api/transactions/initiate: one cart line becomes a transaction, its stock and booked time held in the same database transaction. */
export async function initiate(ctx: AppContext, auth: Auth, body: InitiateBody, idempotencyKey?: string): Promise<Placed> {
  const graph = PROCESSES[body.processAlias];
  const def = findTransition(graph, 'initial', body.transition);
  if (!def?.initiates) throw invalidTransition('initial', body.transition);
  const { listingId, protectedData: given, ...line } = body.params;
  // A retry answers the first result even if the line would not pass now (stock taken since, say): the key is read first.
  const [existing, checked] = await Promise.all([
    idempotencyKey ? repo.findIdempotencyKey(ctx.db, auth.sub, idempotencyKey) : undefined,
    validatedLine(ctx, auth, { listingId, ...line }).then(
      (v) => ({ v }),
      (err: unknown) => ({ err }),
    ),
  ]);
  const requestHash = hashOf(body);
  if (existing) return replay(ctx, auth, existing, requestHash);
  if ('err' in checked) throw checked.err;
  const v = checked.v;
  const publicData = publicDataOf(v.row);
  if (v.rfqRequired !== (body.processAlias === 'harbor-rfq-simple'))
    throw invalidParams([{ path: 'body.processAlias', message: 'validation.invalid' }]);
  if (def.name === 'request-payment' && !publicData.allowOnlinePayment)
    throw new AppError('validation-invalid-value', 409, { reason: 'onlinePaymentNotAllowed' });
  const now = new Date();
  checkParams(def, { protectedData: given.comment !== undefined ? { comment: given.comment } : {} }, v.price.currency, now);

  const id = randomUUID();
  const lineItems = lineItemsOf(v.price, publicData.unit);
  const protectedData: TransactionProtectedData = {
    comment: given.comment ?? null,
    reason: null,
    negotiatedDeliveryCharge: null,
    validUntil: null,
    price: { subtotal: { amount: v.price.subtotal, currency: v.price.currency } },
    deliveryMethod: line.deliveryMethod,
    deliveryAddress: line.deliveryAddress ?? null,
    deliveryNotes: line.deliveryNotes ?? null,
    cartId: given.cartId ?? null,
    cartProductId: given.cartProductId ?? null,
    cartName: given.cartName ?? null,
    createdBy: auth.sub,
    portCallId: given.portCallId ?? null,
    portName: given.portName ?? null,
    shipName: given.shipName ?? null,
    shipImo: given.shipImo ?? null,
    paymentStatus: paymentStatusAfter(def.name, 'OFFLINE'),
  };
  const bookingStart = new Date(line.startTime);
  const bookingEnd = new Date(line.endTime);
  const holdsTime = def.to !== 'enquiry';
  const reserves = def.effects?.includes('reserve-stock') ?? false;

  try {
    await ctx.db.transaction(async (tx) => {
      // First: a concurrent retry with the same key waits here until this one commits or fails.
      if (idempotencyKey && !(await repo.claimIdempotencyKey(tx, auth.sub, idempotencyKey, id, requestHash))) throw new KeyTaken();
      if (given.cartProductId) await lockLine(tx, auth, given.cartProductId, listingId, protectedData);
      if (holdsTime) await assertTimeAvailable(tx, v.row, bookingStart, bookingEnd);
      // Online payment: the seller's payout account and the minimum charge (payments module).
      if (def.to === 'pending-payment')
        await checkOnlinePayment(ctx, tx, { providerId: v.row.authorId, customerId: auth.sub, ...totalsOf(lineItems, v.price.currency), currency: v.price.currency, cartId: protectedData.cartId });
      await repo.insertTransaction(tx, {
        id,
        processAlias: graph.alias,
        processVersion: graph.version,
        state: def.to,
        lastTransition: def.name,
        lastTransitionedAt: now,
        customerId: auth.sub,
        providerId: v.row.authorId,
        listingId,
        quantity: line.quantity,
        stockReserved: reserves && v.row.currentStock !== null ? stockUnits(line.quantity) : 0,
        bookingStart,
        bookingEnd,
        currency: v.price.currency,
        lineItems,
        ...totalsOf(lineItems, v.price.currency),
        protectedData,
        createdAt: now,
      });
      await repo.insertTransition(tx, {
        transactionId: id,
        transition: def.name,
        by: 'customer',
        actorId: auth.sub,
        params: given.comment ? { comment: given.comment } : {},
        createdAt: now,
      });
      // An enquiry opens the thread: its text is the first message, committed with it or not at all.
      if (def.name === 'enquire') await recordEnquiryMessage(tx, { transactionId: id, senderId: auth.sub, content: given.comment, createdAt: now });
      const mailed = { id, customerId: auth.sub, providerId: v.row.authorId, listingId, shipName: protectedData.shipName };
      await notifyTransition(ctx, tx, { transaction: mailed, transition: def.name, actor: 'customer', actorId: auth.sub, comment: given.comment });
      await scheduleStateTimers(ctx, tx, { id, graph, state: def.to, validUntil: null, now });
      if (given.cartProductId) await markCartLinePlaced(tx, auth.sub, given.cartProductId, id);
      // Before the stock: a held stock other than asked (rare) clears it again, and the list builds it.
      await refreshOwnJson(tx, id);
      // Last, so the listing's row lock is held only until the commit right after.
      if (reserves && v.row.currentStock !== null) {
        const held = await reserveStock(tx, listingId, line.quantity, true);
        if (held !== stockUnits(line.quantity)) await repo.updateTransaction(tx, id, { stockReserved: held });
      }
    });
  } catch (err) {
    if (err instanceof LinePlaced) return { data: await show(ctx, auth, err.transactionId), replayed: true };
    if (!(err instanceof KeyTaken)) throw err;
    const first = await repo.findIdempotencyKey(ctx.db, auth.sub, idempotencyKey!);
    return replay(ctx, auth, first!, requestHash);
  }
  const joined = await repo.findJoined(ctx.db, id);
  return { data: toTransaction(joined!, 'customer'), replayed: false };
}

/** POST /api/transactions/{id}/transition: one step along the graph, by the caller's role. */
export async function transition(ctx: AppContext, auth: Auth, id: string, body: TransitionBody): Promise<Transaction> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockById(tx, id);
    const role = row && roleOf(row, auth);
    if (!row || !role) throw notFound();
    const from = row.state;
    await applyTransition(ctx, tx, row, { name: body.transition, actor: role, actorId: auth.sub, params: body.params });
    // An operator's step (a dispute resolved, an order cancelled) is audited with the comment, committed with it or not at all.
    if (role === 'operator')
      await recordAudit(tx, {
        actorId: auth.sub,
        action: body.transition.startsWith('resolve-dispute') ? 'transaction.resolve-dispute' : 'transaction.cancel',
        targetType: 'transaction',
        targetId: id,
        reason: body.params.protectedData.comment ?? body.params.protectedData.reason ?? null,
        details: { from, transition: body.transition },
      });
  });
  return show(ctx, auth, id);
}

/** The operator cancels any open transaction: the graph's operator transition into cancelled from where it stands. */
export async function operatorCancel(ctx: AppContext, auth: Auth, id: string, body: OperatorCancelBody): Promise<Transaction> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockById(tx, id);
    if (!row) throw notFound();
    const def = PROCESSES[row.processAlias].transitions.find((t) => t.from === row.state && t.to === 'cancelled' && t.actors.includes('operator'));
    if (!def) throw invalidTransition(row.state, 'cancel');
    const takesComment = [...(def.requires ?? []), ...(def.accepts ?? [])].includes('comment');
    await applyTransition(ctx, tx, row, {
      name: def.name,
      actor: 'operator',
      actorId: auth.sub,
      params: { protectedData: takesComment ? { comment: body.reason } : {} },
      reason: body.reason,
    });
    // The operator's audit row commits with the cancellation or not at all.
    await recordAudit(tx, { actorId: auth.sub, action: 'transaction.cancel', targetType: 'transaction', targetId: id, reason: body.reason, details: { from: row.state } });
  });
  return show(ctx, auth, id);
}
