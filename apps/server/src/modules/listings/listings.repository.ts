import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lt, max, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { pageTotal, type Tx } from '../../db/index.ts';
import { images } from '../images/images.schema.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { users } from '../users/users.schema.ts';
import { availabilityExceptions, listingImages, listings } from './listings.schema.ts';

export type ListingRow = Omit<typeof listings.$inferSelect, 'search'>;
export type ListingInsert = typeof listings.$inferInsert;

// The tsvector column is only for the WHERE clause; never ship it around.
const { search: _search, ...listingColumns } = getTableColumns(listings);

type ImageJson = Pick<typeof images.$inferSelect, 'id' | 'variants' | 'version'>;
const imageJson = sql.raw(`json_build_object('id', i.id, 'variants', i.variants, 'version', i.version)`);

/**
 * Listing, author and organization in one row, plus the card image and the
 * logo as correlated subqueries, so a search page is one query (and a count).
 */
const joined = {
  listing: listingColumns,
  author: { id: users.id, firstName: users.firstName, lastName: users.lastName, banned: users.banned, deleted: users.deleted },
  org: { id: organizations.id, name: organizations.name, logoImageId: organizations.logoImageId },
  cardImage: sql<ImageJson | null>`(select ${imageJson} from ${listingImages} li join ${images} i on i.id = li.image_id
    where li.listing_id = ${listings.id} order by li.position limit 1)`,
  logo: sql<ImageJson | null>`(select ${imageJson} from ${images} i where i.id = ${organizations.logoImageId})`,
};

export function selectJoined(db: Tx) {
  return db
    .select(joined)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.authorId))
    .innerJoin(organizations, eq(organizations.id, listings.organizationId));
}
export type JoinedListing = Awaited<ReturnType<typeof selectJoined>>[number];

/** Published, visible and not being deleted: what buyers may find (the partial indexes' predicate). */
export const searchable = and(eq(listings.state, 'published'), eq(listings.isVisible, true), isNull(listings.deleteRequestedAt))!;

export async function findJoined(db: Tx, id: string): Promise<JoinedListing | undefined> {
  const [row] = await selectJoined(db).where(eq(listings.id, id));
  return row;
}

/** Several listings with author, organization and card image (carts show their lines with these). */
export async function findJoinedMany(db: Tx, ids: readonly string[]): Promise<JoinedListing[]> {
  return ids.length ? selectJoined(db).where(inArray(listings.id, [...ids])) : [];
}

/** `noWait` (with forUpdate): a row another transaction holds throws lock_not_available at once (timer handlers: timers.service.ts). */
export async function findRow(db: Tx, id: string, opts: { forUpdate?: boolean; noWait?: boolean } = {}) {
  const q = db.select(listingColumns).from(listings).where(eq(listings.id, id));
  const [row] = opts.forUpdate ? await q.for('update', opts.noWait ? { noWait: true } : {}) : await q;
  return row;
}

export async function insertListing(db: Tx, values: ListingInsert) {
  const [row] = await db.insert(listings).values(values).returning({ id: listings.id });
  return row!;
}

export async function updateListing(db: Tx, id: string, values: Partial<ListingInsert>) {
  await db.update(listings).set({ ...values, updatedAt: new Date() }).where(eq(listings.id, id));
}

/**
 * A page in one statement, two steps: the ids (order, offset, limit on the bare table, a
 * subquery) with the count of every match (a window, before the limit), then the joined rows
 * of just those ids, ordered again (a page at most), so the card image and logo subqueries
 * never run for rows skipped by the offset. One round trip for the page and its total: each
 * statement is a turn of a busy event loop and a wake-up of a database backend, and the
 * listing search ran two. `order` must be total (end on the id). `fields` are what each row
 * holds besides the total: the joined columns, or the JSON the database writes of them.
 */
function selectPageOf<F extends SelectedFields>(db: Tx, fields: F, where: SQL | undefined, order: SQL[], limit: number | Placeholder, offset: number | Placeholder) {
  const page = db
    .select({ id: listings.id, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(listings)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({ ...fields, total: page.total })
    .from(page)
    .innerJoin(listings, eq(listings.id, page.id))
    .innerJoin(users, eq(users.id, listings.authorId))
    .innerJoin(organizations, eq(organizations.id, listings.organizationId))
    .orderBy(...order);
}

export const selectPage = (db: Tx, where: SQL | undefined, order: SQL[], limit: number | Placeholder, offset: number | Placeholder) =>
  selectPageOf(db, joined, where, order, limit, offset);

/** A page whose rows are `json`, a JSON text the database writes from the joined row (the search, listings.page.ts). */
export const selectPageJson = (db: Tx, json: SQL<string>, where: SQL | undefined, order: SQL[], limit: number | Placeholder, offset: number | Placeholder) =>
  selectPageOf(db, { json }, where, order, limit, offset);

/** A page and its total. */
export async function pageJoined(db: Tx, where: SQL | undefined, order: SQL[], page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const rows = await selectPage(db, where, order, perPage, offset);
  return { rows, totalItems: await pageTotal(rows, offset, () => db.select({ n: count() }).from(listings).where(where)) };
}

/** Images of many listings in display order; `firstOnly` for cards (one image each). */
export async function imagesOf(db: Tx, listingIds: string[], firstOnly = false) {
  if (!listingIds.length) return [];
  const where = firstOnly
    ? and(inArray(listingImages.listingId, listingIds), eq(listingImages.position, 0))
    : inArray(listingImages.listingId, listingIds);
  return db
    .select({ listingId: listingImages.listingId, id: images.id, variants: images.variants, version: images.version, uploaderId: images.uploaderId })
    .from(listingImages)
    .innerJoin(images, eq(images.id, listingImages.imageId))
    .where(where)
    .orderBy(asc(listingImages.listingId), asc(listingImages.position));
}

export async function imageIdsOf(db: Tx, listingId: string) {
  const rows = await db.select({ id: listingImages.imageId }).from(listingImages).where(eq(listingImages.listingId, listingId)).orderBy(asc(listingImages.position));
  return rows.map((r) => r.id);
}

export async function replaceImages(db: Tx, listingId: string, imageIds: string[]) {
  await db.delete(listingImages).where(eq(listingImages.listingId, listingId));
  if (imageIds.length) await db.insert(listingImages).values(imageIds.map((imageId, position) => ({ listingId, imageId, position })));
}

export async function appendImage(db: Tx, listingId: string, imageId: string) {
  const [row] = await db.select({ top: max(listingImages.position) }).from(listingImages).where(eq(listingImages.listingId, listingId));
  await db.insert(listingImages).values({ listingId, imageId, position: (row?.top ?? -1) + 1 });
}

/** Compare-and-set in one statement, so two sellers' tabs cannot both win. */
export async function compareAndSetStock(db: Tx, id: string, oldTotal: number | null, newTotal: number) {
  const [row] = await db
    .update(listings)
    .set({ currentStock: newTotal, updatedAt: new Date() })
    .where(and(eq(listings.id, id), sql`${listings.currentStock} is not distinct from ${oldTotal}::integer`))
    .returning({ currentStock: listings.currentStock });
  return row;
}

export function exceptionsBetween(db: Tx, listingId: string, start: Date, end: Date) {
  return db
    .select()
    .from(availabilityExceptions)
    .where(and(eq(availabilityExceptions.listingId, listingId), lt(availabilityExceptions.start, end), sql`${availabilityExceptions.end} > ${start}`))
    .orderBy(asc(availabilityExceptions.start));
}

export async function insertException(db: Tx, values: typeof availabilityExceptions.$inferInsert) {
  const [row] = await db.insert(availabilityExceptions).values(values).returning();
  return row!;
}

export async function deleteException(db: Tx, listingId: string, id: string) {
  const rows = await db
    .delete(availabilityExceptions)
    .where(and(eq(availabilityExceptions.listingId, listingId), eq(availabilityExceptions.id, id)))
    .returning({ id: availabilityExceptions.id });
  return rows.length > 0;
}

/** The author's listings, newest first; listings being deleted are hidden at once. */
export function pageOwn(db: Tx, authorId: string, q: { state?: ListingRow['state']; page: number; perPage: number }) {
  const where = and(eq(listings.authorId, authorId), isNull(listings.deleteRequestedAt), q.state ? eq(listings.state, q.state) : undefined);
  return pageJoined(db, where, [desc(listings.createdAt), desc(listings.id)], q.page, q.perPage);
}
