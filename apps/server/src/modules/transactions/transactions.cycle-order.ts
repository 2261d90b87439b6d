import { createHash, randomUUID } from 'node:crypto';
import { computeLinePrice, findTransition, isSupportedCurrency, PROCESSES, type OrderLineBody, type TransactionProtectedData } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { isOrderable, listingsRepository, publicDataOf } from '../listings/index.ts';
import { notifyTransition } from '../notifications/index.ts';
import { assertTimeAvailable } from './transactions.booking.ts';
import { reserveStock, scheduleStateTimers, stockUnits } from './transactions.engine.ts';
import { lineItemsOf, totalsOf } from './transactions.line-items.ts';
import * as repo from './transactions.repository.ts';
import { refreshOwnJson } from './transactions.page.ts';

/** One order a subscription cycle places for its buyer. */
export interface CycleOrderInput {
  customerId: string;
  listingId: string;
  /** Unique per subscription and cycle: a second call with it answers the first order. */
  idempotencyKey: string;
  line: OrderLineBody;
  ship: { name: string; imo: number | null };
  cartName: string;
  portCallId: string | null;
  portName: string | null;
  now: Date;
}

/**
 * A subscription cycle's order, placed by the system inside the caller's
 * database transaction (the timer's): the process engine's `order` transition
 * with its stock, booked time, mails and timers, like a buyer's own order.
 * The seller agreed to the schedule when accepting the subscription, so the
 * order-panel lead time is not asked again; the listing must still be open,
 * allow subscriptions and have the stock and the time. Refusals throw the
 * catalogue's codes (transaction-listing-not-found,
 * transaction-listing-insufficient-stock, transaction-booking-time-not-available).
 */
export async function placeCycleOrder(ctx: AppContext, tx: Tx, input: CycleOrderInput): Promise<{ transactionId: string; replayed: boolean }> {
  const graph = PROCESSES['harbor-order-simple'];
  const def = findTransition(graph, 'initial', 'order')!;
  const existing = await repo.findIdempotencyKey(tx, input.customerId, input.idempotencyKey);
  if (existing) return { transactionId: existing.transactionId, replayed: true };

  const row = await listingsRepository.findRow(tx, input.listingId);
  const pd = row && publicDataOf(row);
  if (!row || !pd || !isOrderable(row, input.now.getTime()) || !row.isVisible || !pd.allowSubscription || pd.rfqRequired || row.priceAmount === null || !row.priceCurrency || !isSupportedCurrency(row.priceCurrency))
    throw new AppError('transaction-listing-not-found', 404);
  const { line } = input;
  if (row.currentStock !== null && line.quantity > row.currentStock) throw new AppError('transaction-listing-insufficient-stock', 409, { currentStock: row.currentStock });
  const price = computeLinePrice({
    price: { amount: row.priceAmount, currency: row.priceCurrency },
    quantity: line.quantity,
    discount: pd.discount,
    setupFee: pd.setupFee,
    delivery: pd.delivery,
    deliveryMethod: line.deliveryMethod,
  });
  const bookingStart = new Date(line.startTime);
  const bookingEnd = new Date(line.endTime);
  await assertTimeAvailable(tx, row, bookingStart, bookingEnd);

  const id = randomUUID();
  const requestHash = createHash('sha256').update(JSON.stringify(input.line)).digest('hex');
  if (!(await repo.claimIdempotencyKey(tx, input.customerId, input.idempotencyKey, id, requestHash))) {
    const first = await repo.findIdempotencyKey(tx, input.customerId, input.idempotencyKey);
    return { transactionId: first!.transactionId, replayed: true };
  }
  const lineItems = lineItemsOf(price, pd.unit);
  const protectedData: TransactionProtectedData = {
    comment: null,
    reason: null,
    negotiatedDeliveryCharge: null,
    validUntil: null,
    price: { subtotal: { amount: price.subtotal, currency: price.currency } },
    deliveryMethod: line.deliveryMethod,
    deliveryAddress: line.deliveryAddress ?? null,
    deliveryNotes: line.deliveryNotes ?? null,
    cartId: null,
    cartProductId: null,
    cartName: input.cartName,
    createdBy: input.customerId,
    portCallId: input.portCallId,
    portName: input.portName,
    shipName: input.ship.name,
    shipImo: input.ship.imo,
    paymentStatus: 'OFFLINE',
  };
  const now = input.now;
  const tracked = row.currentStock !== null;
  await repo.insertTransaction(tx, {
    id,
    processAlias: graph.alias,
    processVersion: graph.version,
    state: def.to,
    lastTransition: def.name,
    lastTransitionedAt: now,
    customerId: input.customerId,
    providerId: row.authorId,
    listingId: row.id,
    quantity: line.quantity,
    stockReserved: tracked ? stockUnits(line.quantity) : 0,
    bookingStart,
    bookingEnd,
    currency: price.currency,
    lineItems,
    ...totalsOf(lineItems, price.currency),
    protectedData,
    createdAt: now,
  });
  await repo.insertTransition(tx, { transactionId: id, transition: def.name, by: 'system', actorId: null, params: {}, createdAt: now });
  const mailed = { id, customerId: input.customerId, providerId: row.authorId, listingId: row.id, shipName: input.ship.name };
  await notifyTransition(ctx, tx, { transaction: mailed, transition: def.name, actor: 'system', actorId: null });
  await scheduleStateTimers(ctx, tx, { id, graph, state: def.to, validUntil: null, now });
  // Before the stock, which locks the listing until the commit (as placing an order does).
  await refreshOwnJson(tx, id);
  if (tracked) {
    const held = await reserveStock(tx, row.id, line.quantity, true);
    if (held !== stockUnits(line.quantity)) await repo.updateTransaction(tx, id, { stockReserved: held });
  }
  return { transactionId: id, replayed: false };
}
