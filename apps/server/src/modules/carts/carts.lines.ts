import { CART_PRODUCTS_MAX, type CartProductPatchBody, type cartProductBodySchema } from '@harbor/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { notFound } from '../../plugins/errors.ts';
import * as repo from './carts.repository.ts';
import { assertBuyer, assertOpen, assertUnplaced, checkLine, lineColumns, orderLineOf, ownCart, refused, type Auth } from './carts.rules.ts';
import { viewCart } from './carts.view.ts';

/** A line of one of the caller's carts; another user's line is not found. */
async function ownLine(db: Tx, auth: Auth, id: string, opts: { forUpdate?: boolean } = {}) {
  const found = await repo.findProduct(db, auth.sub, id, opts);
  if (!found) throw notFound();
  return found;
}

/**
 * POST /v1/marketplace/cart/product: an order-panel line into one of the
 * caller's open carts. The line passes the listing's order-line rules first
 * (a line that could not be ordered is refused now, not at checkout); the
 * price is never stored, every read recomputes it.
 */
export async function addProduct(ctx: AppContext, auth: Auth, body: z.output<typeof cartProductBodySchema>) {
  assertBuyer(auth);
  const { cartId, listingId, ...line } = body;
  // The cart first: another user's cart id learns nothing about the listing.
  assertOpen(await ownCart(ctx.db, auth, cartId));
  const now = Date.now();
  const checked = await checkLine(ctx, auth, listingId, line, now);
  return ctx.db.transaction(async (tx) => {
    await repo.lockOwner(tx, auth.sub);
    const cart = await ownCart(tx, auth, cartId, { forUpdate: true });
    assertOpen(cart);
    if ((await repo.countProducts(tx, cart.id)) >= CART_PRODUCTS_MAX) throw refused('carts:errors.tooManyLines', { max: CART_PRODUCTS_MAX });
    await repo.insertProducts(tx, [{ cartId: cart.id, listingId: checked.listingId, ...lineColumns(checked.line) }]);
    await repo.touchCart(tx, cart.id);
    return viewCart(ctx, tx, auth.sub, cart, now);
  });
}

/** PATCH /v1/marketplace/cart/product/{id}: quantity, and the time window (which goes stale in a cart); checked again as a whole. */
export async function patchProduct(ctx: AppContext, auth: Auth, id: string, body: CartProductPatchBody) {
  assertBuyer(auth);
  const { product, cart } = await ownLine(ctx.db, auth, id);
  assertOpen(cart);
  assertUnplaced(product);
  const now = Date.now();
  const line = {
    ...orderLineOf(product),
    quantity: body.quantity,
    ...(body.startTime !== undefined && { startTime: body.startTime }),
    ...(body.endTime !== undefined && { endTime: body.endTime }),
  };
  const checked = await checkLine(ctx, auth, product.listingId, line, now);
  return ctx.db.transaction(async (tx) => {
    const again = await ownLine(tx, auth, id, { forUpdate: true });
    // Placed (or its cart closed) while the listing was being checked: the record stays as it was.
    assertOpen(again.cart);
    assertUnplaced(again.product);
    await repo.updateProduct(tx, id, lineColumns(checked.line));
    await repo.touchCart(tx, again.cart.id);
    return viewCart(ctx, tx, auth.sub, again.cart, now);
  });
}

/** DELETE /v1/marketplace/cart/product/{id}: the cart without the line. */
export async function removeProduct(ctx: AppContext, auth: Auth, id: string) {
  assertBuyer(auth);
  return ctx.db.transaction(async (tx) => {
    const { product, cart } = await ownLine(tx, auth, id, { forUpdate: true });
    assertOpen(cart);
    assertUnplaced(product);
    await repo.deleteProduct(tx, id);
    await repo.touchCart(tx, cart.id);
    // Removing the last unplaced line of a partly placed cart leaves nothing to place: the cart is done.
    await repo.closeIfAllPlaced(tx, cart.id);
    return viewCart(ctx, tx, auth.sub, (await repo.findCart(tx, auth.sub, cart.id))!);
  });
}
