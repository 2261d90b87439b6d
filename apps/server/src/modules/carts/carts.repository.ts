import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { cartProducts, carts, cartTemplateProducts, cartTemplates } from './carts.schema.ts';

/**
 * Serialises one user's cart writes (active flag, counts) in the caller's
 * transaction. A transaction-scoped advisory lock: nothing to clean up, and
 * no lock on the users row that other modules update.
 */
export async function lockOwner(db: Tx, ownerId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`carts:${ownerId}`}, 0))`);
}

// ---------------------------------------------------------------- carts

/** A page of the user's carts: open first, then newest first. */
export function cartsOf(db: Tx, ownerId: string, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(carts)
    .where(eq(carts.ownerId, ownerId))
    .orderBy(sql`${carts.status} = 'open' desc`, desc(carts.createdAt), desc(carts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCarts(db: Tx, ownerId: string) {
  const [row] = await db.select({ n: count() }).from(carts).where(eq(carts.ownerId, ownerId));
  return row?.n ?? 0;
}

/** One cart of its owner; another user's cart is not found. */
export async function findCart(db: Tx, ownerId: string, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(carts).where(and(eq(carts.id, id), eq(carts.ownerId, ownerId)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function countOpenCarts(db: Tx, ownerId: string) {
  const [row] = await db.select({ n: count() }).from(carts).where(and(eq(carts.ownerId, ownerId), eq(carts.status, 'open')));
  return row?.n ?? 0;
}

export async function insertCart(db: Tx, values: typeof carts.$inferInsert) {
  const [row] = await db.insert(carts).values(values).returning();
  return row!;
}

export async function updateCart(db: Tx, id: string, values: Partial<typeof carts.$inferInsert>) {
  const [row] = await db.update(carts).set({ ...values, updatedAt: new Date() }).where(eq(carts.id, id)).returning();
  return row!;
}

/** Clears the active flag of the owner's other carts (call under lockOwner). */
export async function clearActive(db: Tx, ownerId: string, exceptId?: string) {
  await db
    .update(carts)
    .set({ active: false, updatedAt: new Date() })
    .where(and(eq(carts.ownerId, ownerId), eq(carts.active, true), exceptId ? ne(carts.id, exceptId) : undefined));
}

export async function deleteCart(db: Tx, ownerId: string, id: string) {
  const rows = await db.delete(carts).where(and(eq(carts.id, id), eq(carts.ownerId, ownerId))).returning({ id: carts.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- cart lines

export function productsOf(db: Tx, cartIds: readonly string[]) {
  if (!cartIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(cartProducts)
    .where(inArray(cartProducts.cartId, [...cartIds]))
    .orderBy(asc(cartProducts.createdAt), asc(cartProducts.id));
}

/** A line together with its cart, only when the cart is the owner's; `forUpdate` locks the line (not the cart). */
export async function findProduct(db: Tx, ownerId: string, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select({ product: cartProducts, cart: carts })
    .from(cartProducts)
    .innerJoin(carts, eq(carts.id, cartProducts.cartId))
    .where(and(eq(cartProducts.id, id), eq(carts.ownerId, ownerId)));
  const [row] = opts.forUpdate ? await q.for('update', { of: cartProducts }) : await q;
  return row;
}

export async function countProducts(db: Tx, cartId: string) {
  const [row] = await db.select({ n: count() }).from(cartProducts).where(eq(cartProducts.cartId, cartId));
  return row?.n ?? 0;
}

/**
 * A cart whose every line became a transaction is done: closed, and no longer
 * the active cart. Answers whether it closed now.
 */
export async function closeIfAllPlaced(db: Tx, cartId: string) {
  const rows = await db
    .update(carts)
    .set({ status: 'closed', active: false, updatedAt: new Date() })
    .where(
      and(
        eq(carts.id, cartId),
        eq(carts.status, 'open'),
        sql`exists (select 1 from ${cartProducts} where ${cartProducts.cartId} = ${carts.id})`,
        sql`not exists (select 1 from ${cartProducts} where ${cartProducts.cartId} = ${carts.id} and ${cartProducts.transactionId} is null)`,
      ),
    )
    .returning({ id: carts.id });
  return rows.length > 0;
}

export async function insertProducts(db: Tx, values: (typeof cartProducts.$inferInsert)[]) {
  if (!values.length) return;
  await db.insert(cartProducts).values(values);
}

export async function updateProduct(db: Tx, id: string, values: Partial<typeof cartProducts.$inferInsert>) {
  await db.update(cartProducts).set({ ...values, updatedAt: new Date() }).where(eq(cartProducts.id, id));
}

/** Sets the transaction of an unplaced line; false when the line was placed meanwhile. */
export async function markPlaced(db: Tx, id: string, transactionId: string) {
  const rows = await db
    .update(cartProducts)
    .set({ transactionId, placedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(cartProducts.id, id), isNull(cartProducts.transactionId)))
    .returning({ id: cartProducts.id });
  return rows.length > 0;
}

export async function deleteProduct(db: Tx, id: string) {
  await db.delete(cartProducts).where(eq(cartProducts.id, id));
}

export async function touchCart(db: Tx, cartId: string) {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

// ---------------------------------------------------------------- templates

export function templatesOf(db: Tx, ownerId: string) {
  return db.select().from(cartTemplates).where(eq(cartTemplates.ownerId, ownerId)).orderBy(desc(cartTemplates.createdAt), desc(cartTemplates.id));
}

export async function findTemplate(db: Tx, ownerId: string, id: string) {
  const [row] = await db.select().from(cartTemplates).where(and(eq(cartTemplates.id, id), eq(cartTemplates.ownerId, ownerId)));
  return row;
}

export async function countTemplates(db: Tx, ownerId: string) {
  const [row] = await db.select({ n: count() }).from(cartTemplates).where(eq(cartTemplates.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function insertTemplate(db: Tx, values: typeof cartTemplates.$inferInsert) {
  const [row] = await db.insert(cartTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(db: Tx, id: string, values: Partial<typeof cartTemplates.$inferInsert>) {
  const [row] = await db.update(cartTemplates).set({ ...values, updatedAt: new Date() }).where(eq(cartTemplates.id, id)).returning();
  return row!;
}

export async function deleteTemplate(db: Tx, ownerId: string, id: string) {
  const rows = await db
    .delete(cartTemplates)
    .where(and(eq(cartTemplates.id, id), eq(cartTemplates.ownerId, ownerId)))
    .returning({ id: cartTemplates.id });
  return rows.length > 0;
}

export function templateProductsOf(db: Tx, templateIds: readonly string[]) {
  if (!templateIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(cartTemplateProducts)
    .where(inArray(cartTemplateProducts.templateId, [...templateIds]))
    .orderBy(asc(cartTemplateProducts.templateId), asc(cartTemplateProducts.position));
}

export async function insertTemplateProducts(db: Tx, values: (typeof cartTemplateProducts.$inferInsert)[]) {
  if (!values.length) return;
  await db.insert(cartTemplateProducts).values(values);
}
