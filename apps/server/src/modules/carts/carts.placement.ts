import type { OrderLineBody } from '@harbor/contracts';
import type { Tx } from '../../db/index.ts';
import { notFound } from '../../plugins/errors.ts';
import * as repo from './carts.repository.ts';
import { orderLineOf } from './carts.rules.ts';
import type { CartProductRow, CartRow } from './carts.schema.ts';

/**
 * What the transaction engine needs from carts. Every function takes the
 * engine's own database handle or transaction, so that a transaction and the
 * mark on the line it came from commit together (or not at all).
 */

/** A cart as an order sees it: the protectedData names the cart, the ship and the port call. */
export interface PlacementCart {
  id: string;
  name: string;
  status: CartRow['status'];
  ship: { name: string; imo: number | null };
  portCall: { callId: string; portName: string } | null;
}

/** A cart line as the order line it stands for; `placed` once it became a transaction. */
export interface PlacementLine {
  id: string;
  cartId: string;
  listingId: string;
  line: OrderLineBody;
  placed: { transactionId: string; placedAt: Date } | null;
}

function placementCart(c: CartRow): PlacementCart {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    ship: { name: c.shipName, imo: c.shipImo },
    portCall: c.portCallId && c.portName ? { callId: c.portCallId, portName: c.portName } : null,
  };
}

function placementLine(p: CartProductRow): PlacementLine {
  return {
    id: p.id,
    cartId: p.cartId,
    listingId: p.listingId,
    line: orderLineOf(p),
    placed: p.transactionId && p.placedAt ? { transactionId: p.transactionId, placedAt: p.placedAt } : null,
  };
}

/** The owner's cart with all its lines (oldest first); another user's cart is not found (404 not-found). */
export async function cartForPlacement(db: Tx, ownerId: string, cartId: string): Promise<PlacementCart & { lines: PlacementLine[] }> {
  const cart = await repo.findCart(db, ownerId, cartId);
  if (!cart) throw notFound();
  const lines = await repo.productsOf(db, [cart.id]);
  return { ...placementCart(cart), lines: lines.map(placementLine) };
}

/**
 * One line of the owner's cart, locked (FOR UPDATE) until the caller's
 * transaction ends: two placements of one line queue here, and the second
 * sees `placed` set by the first.
 */
export async function lockCartLine(tx: Tx, ownerId: string, lineId: string): Promise<{ cart: PlacementCart; line: PlacementLine }> {
  const found = await repo.findProduct(tx, ownerId, lineId, { forUpdate: true });
  if (!found) throw notFound();
  return { cart: placementCart(found.cart), line: placementLine(found.product) };
}

/**
 * Records the transaction a line became. False when the line was already
 * placed (the first transaction stands). When no line of the cart is left
 * unplaced, the cart closes and stops being the active cart.
 */
export async function markCartLinePlaced(tx: Tx, ownerId: string, lineId: string, transactionId: string) {
  const found = await repo.findProduct(tx, ownerId, lineId);
  if (!found) throw notFound();
  const placed = await repo.markPlaced(tx, lineId, transactionId);
  const cartClosed = placed ? await repo.closeIfAllPlaced(tx, found.cart.id) : false;
  return { placed, cartClosed };
}

/** Removes an unplaced line (e.g. one the buyer gave up on); placed lines are the cart's record and stay. */
export async function removeCartLine(tx: Tx, ownerId: string, lineId: string) {
  const found = await repo.findProduct(tx, ownerId, lineId, { forUpdate: true });
  if (!found || found.product.transactionId) return false;
  await repo.deleteProduct(tx, lineId);
  await repo.closeIfAllPlaced(tx, found.cart.id);
  return true;
}
