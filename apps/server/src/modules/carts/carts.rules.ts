import { CARTS_MAX, OrgRole, type OrderLineBody } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { AppError, forbidden, invalidParams, notFound } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import { validateOrderLine } from '../listings/index.ts';
import * as repo from './carts.repository.ts';
import type { CartProductRow, CartRow } from './carts.schema.ts';

export type Auth = Pick<AccessToken, 'sub' | 'roles'>;

/** Buying is for organizations with the Buyer role (spec section 6: organization roles; Buyer 1). */
export function assertBuyer(auth: Auth) {
  if ((auth.roles & OrgRole.Buyer) === 0) throw forbidden({ reason: 'not-buyer' });
}

/** A refusal with a reason the web app translates; 409 because the request was fine but the state says no. */
export const refused = (reason: string, meta: Record<string, unknown> = {}) => new AppError('validation-invalid-value', 409, { reason, ...meta });

/** Placed lines and closed carts are the record of what was ordered: they no longer change. */
export function assertOpen(cart: Pick<CartRow, 'status'>) {
  if (cart.status !== 'open') throw refused('carts:errors.cartClosed');
}
export function assertUnplaced(line: Pick<CartProductRow, 'transactionId'>) {
  if (line.transactionId) throw refused('carts:errors.linePlaced');
}

/**
 * The listing module's order-line rules (the order panel's, with the server's
 * price), with the cart's error codes: a listing that cannot be ordered at the
 * moment is "not found" for a cart as it will be for placing
 * (transaction-listing-not-found), and one's own listing has its own code.
 */
export async function checkLine(ctx: AppContext, auth: Auth, listingId: string, line: OrderLineBody, now: number) {
  try {
    return await validateOrderLine(ctx, auth, listingId, line, now);
  } catch (err) {
    // A price beyond the safe integers (a huge unit price times the quantity) is a quantity too big to price, not a crash.
    if (err instanceof RangeError) throw invalidParams([{ path: 'body.quantity', message: 'validation.tooBig' }]);
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'forbidden' && err.meta?.reason === 'listings:order.ownListing') throw new AppError('transaction-own-listing', 403, err.meta);
    if (err.code === 'validation-invalid-value' && err.meta?.reason === 'listings:order.orderingDisabled')
      throw new AppError('transaction-listing-not-found', 404, err.meta);
    throw err;
  }
}

/** The order line a stored cart line stands for. */
export function orderLineOf(p: Pick<CartProductRow, 'quantity' | 'startTime' | 'endTime' | 'deliveryMethod' | 'deliveryAddress' | 'deliveryNotes'>): OrderLineBody {
  return {
    quantity: p.quantity,
    startTime: p.startTime.toISOString(),
    endTime: p.endTime.toISOString(),
    deliveryMethod: p.deliveryMethod,
    ...(p.deliveryAddress && { deliveryAddress: p.deliveryAddress }),
    ...(p.deliveryNotes !== null && { deliveryNotes: p.deliveryNotes }),
  };
}

/** An order line as columns of a cart line. */
export function lineColumns(line: OrderLineBody) {
  return {
    quantity: line.quantity,
    startTime: new Date(line.startTime),
    endTime: new Date(line.endTime),
    deliveryMethod: line.deliveryMethod,
    deliveryAddress: line.deliveryAddress ?? null,
    deliveryNotes: line.deliveryNotes?.trim() ? line.deliveryNotes : null,
  };
}

/** The reason to show for a refused line: the error's reason, else its first invalid field's message. */
export function reasonOf(err: AppError): string | null {
  const meta = err.meta ?? {};
  if (typeof meta.reason === 'string') return meta.reason;
  const params = meta.invalidParams as { message?: string }[] | undefined;
  return params?.[0]?.message ?? null;
}

/** Another user's cart is not found, never forbidden: its existence is nobody else's business. */
export async function ownCart(db: Tx, auth: Auth, id: string, opts: { forUpdate?: boolean } = {}) {
  const row = await repo.findCart(db, auth.sub, id, opts);
  if (!row) throw notFound();
  return row;
}

export async function assertCartRoom(tx: Tx, ownerId: string) {
  if ((await repo.countOpenCarts(tx, ownerId)) >= CARTS_MAX) throw refused('carts:errors.tooManyCarts', { max: CARTS_MAX });
}
