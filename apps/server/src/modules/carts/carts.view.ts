import type { Cart, CartProduct, CartTemplate, CartTemplateProduct, Currency } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { listingsRepository } from '../listings/index.ts';
import { toCart, toCartProduct, toTemplate, toTemplateProduct } from './carts.mapper.ts';
import * as repo from './carts.repository.ts';
import type { CartRow, CartTemplateRow } from './carts.schema.ts';

/** The listings of some lines, by id, in one query. */
async function listingsOf(db: Tx, ids: string[]) {
  const rows = await listingsRepository.findJoinedMany(db, [...new Set(ids)]);
  return new Map(rows.map((j) => [j.listing.id, j]));
}

/** Carts with their lines and prices as of `now`, in the order given (two queries for any number of carts). */
export async function viewCarts(ctx: AppContext, db: Tx, ownerId: string, rows: CartRow[], now = Date.now()): Promise<Cart[]> {
  const lines = await repo.productsOf(db, rows.map((r) => r.id));
  const listings = await listingsOf(db, lines.map((l) => l.listingId));
  const byCart = new Map<string, CartProduct[]>();
  for (const line of lines) {
    const listing = listings.get(line.listingId);
    if (!listing) continue;
    const list = byCart.get(line.cartId) ?? [];
    list.push(toCartProduct(line, listing, ownerId, now));
    byCart.set(line.cartId, list);
  }
  const currency = ctx.config.MARKETPLACE_CURRENCY as Currency;
  return rows.map((r) => toCart(r, byCart.get(r.id) ?? [], currency));
}

export async function viewCart(ctx: AppContext, db: Tx, ownerId: string, row: CartRow, now = Date.now()): Promise<Cart> {
  const [cart] = await viewCarts(ctx, db, ownerId, [row], now);
  return cart!;
}

export async function viewTemplates(db: Tx, ownerId: string, rows: CartTemplateRow[], now = Date.now()): Promise<CartTemplate[]> {
  const lines = await repo.templateProductsOf(db, rows.map((r) => r.id));
  const listings = await listingsOf(db, lines.map((l) => l.listingId));
  const byTemplate = new Map<string, CartTemplateProduct[]>();
  for (const line of lines) {
    const listing = listings.get(line.listingId);
    if (!listing) continue;
    const list = byTemplate.get(line.templateId) ?? [];
    list.push(toTemplateProduct(line, listing, ownerId, now));
    byTemplate.set(line.templateId, list);
  }
  return rows.map((r) => toTemplate(r, byTemplate.get(r.id) ?? []));
}
