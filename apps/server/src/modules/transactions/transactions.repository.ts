import { and, count, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { TransitionRecord } from '@harbor/contracts';
import { isoTime, jsonArrayAgg, jsonObject, jsonPlain, jsonText, pageTotal, type Tx } from '../../db/index.ts';
import { listings, availabilityExceptions } from '../listings/listings.schema.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { users } from '../users/users.schema.ts';
import { transactionIdempotencyKeys, transactions, transactionTransitions, type TransactionRow } from './transactions.schema.ts';

export type TransactionInsert = typeof transactions.$inferInsert;

/** The transaction row, locked until the caller's database transaction ends: of concurrent transitions one runs at a time. */
/** `noWait`: a row another transaction holds throws lock_not_available at once (timer handlers: timers.service.ts). */
export async function lockById(tx: Tx, id: string, opts: { noWait?: boolean } = {}): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.id, id))
    .for('update', opts.noWait ? { noWait: true } : {});
  return row;
}

export async function insertTransaction(tx: Tx, values: TransactionInsert) {
  await tx.insert(transactions).values(values);
}

export async function updateTransaction(tx: Tx, id: string, values: Partial<TransactionInsert>) {
  await tx.update(transactions).set(values).where(eq(transactions.id, id));
}

export async function insertTransition(tx: Tx, values: typeof transactionTransitions.$inferInsert) {
  await tx.insert(transactionTransitions).values(values);
}

/** Claims an idempotency key for a transaction; false when the key was used already (after waiting for its first use to commit or fail). */
export async function claimIdempotencyKey(tx: Tx, userId: string, key: string, transactionId: string, requestHash: string): Promise<boolean> {
  const rows = await tx
    .insert(transactionIdempotencyKeys)
    .values({ userId, key, transactionId, requestHash })
    .onConflictDoNothing()
    .returning({ id: transactionIdempotencyKeys.transactionId });
  return rows.length > 0;
}

export async function findIdempotencyKey(db: Tx, userId: string, key: string) {
  const [row] = await db
    .select({ transactionId: transactionIdempotencyKeys.transactionId, requestHash: transactionIdempotencyKeys.requestHash })
    .from(transactionIdempotencyKeys)
    .where(and(eq(transactionIdempotencyKeys.userId, userId), eq(transactionIdempotencyKeys.key, key)));
  return row;
}

/**
 * Takes `quantity` from the listing's stock in one conditional statement: it
 * succeeds only while enough is left, and the row lock it takes lasts until
 * the order commits, so concurrent placements cannot oversell.
 */
export async function takeStock(tx: Tx, listingId: string, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(listings)
    .set({ currentStock: sql`${listings.currentStock} - ${quantity}::integer` })
    .where(and(eq(listings.id, listingId), gte(listings.currentStock, quantity)))
    .returning({ currentStock: listings.currentStock });
  return rows.length > 0;
}

/** Gives a reservation back (nothing when the seller has switched stock off meanwhile). */
export async function returnStock(tx: Tx, listingId: string, quantity: number) {
  await tx
    .update(listings)
    .set({ currentStock: sql`${listings.currentStock} + ${quantity}::integer` })
    .where(and(eq(listings.id, listingId), sql`${listings.currentStock} is not null`));
}

export async function stockOf(tx: Tx, listingId: string): Promise<number | null> {
  const [row] = await tx.select({ s: listings.currentStock }).from(listings).where(eq(listings.id, listingId));
  return row?.s ?? null;
}

/** Locks the listing row: placements that check its booked time run one after another. */
export async function lockListing(tx: Tx, listingId: string) {
  await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId)).for('update');
}

/** Bookings that hold the listing's time over [start, end): every placed order or quote request not declined or cancelled. */
export async function overlappingBookings(tx: Tx, listingId: string, start: Date, end: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.listingId, listingId),
        notInArray(transactions.state, ['declined', 'cancelled', 'enquiry']),
        lt(transactions.bookingStart, end),
        sql`${transactions.bookingEnd} > ${start}`,
      ),
    );
  return row?.n ?? 0;
}

export function exceptionsOverlapping(tx: Tx, listingId: string, start: Date, end: Date) {
  return tx
    .select({ start: availabilityExceptions.start, end: availabilityExceptions.end, seats: availabilityExceptions.seats })
    .from(availabilityExceptions)
    .where(and(eq(availabilityExceptions.listingId, listingId), lt(availabilityExceptions.start, end), sql`${availabilityExceptions.end} > ${start}`));
}

export const customer = alias(users, 'customer');
export const provider = alias(users, 'provider');
export const customerOrg = alias(organizations, 'customer_org');
export const providerOrg = alias(organizations, 'provider_org');
const joinOn = {
  listing: eq(listings.id, transactions.listingId),
  customer: eq(customer.id, transactions.customerId),
  customerOrg: eq(customerOrg.id, customer.organizationId),
  provider: eq(provider.id, transactions.providerId),
  providerOrg: eq(providerOrg.id, provider.organizationId),
};
const party = (u: typeof customer | typeof provider) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, banned: u.banned, deleted: u.deleted });

/**
 * The transaction's history as the contract writes it (`TransitionRecord[]`), built by the
 * database inside the row: one statement instead of a second round trip, and no row per
 * transition for the driver and drizzle to map (on an orders page that was a quarter of the
 * time).
 */
export const transitionRecordsJson = sql<string>`(
  select ${jsonArrayAgg(
    jsonObject({
      createdAt: jsonPlain(isoTime(sql`tt.created_at`)),
      by: jsonPlain(sql`tt.by`),
      transition: jsonPlain(sql`tt.transition`),
      comment: jsonText(sql`case when jsonb_typeof(tt.params -> 'comment') = 'string' then tt.params ->> 'comment' end`),
    }),
    sql`tt.seq`,
  )}
  from ${transactionTransitions} tt where tt.transaction_id = ${transactions.id})`;
/** The same, parsed by the driver (a `json` column). */
export const transitionRecords = sql<TransitionRecord[]>`${transitionRecordsJson}::json`;

export const listingUnit = sql<string | null>`${listings.extra}->>'unit'`;
export const listingRfqRequired = sql<boolean>`coalesce((${listings.extra}->>'rfqRequired')::boolean, false)`;

/** A transaction with its listing, both parties (and their organizations) and its transitions in one row. */
function selectJoined(db: Tx) {
  return selectJoinedWith(db, {});
}

/** The page's rows with the count of all rows that match (a window over the filtered rows, before the limit). */
const totalOver = () => ({ total: sql<number>`count(*) over ()`.mapWith(Number) });
/** The operator's pages. */
const selectPage = (db: Tx) => selectJoinedWith(db, totalOver());

function selectJoinedWith<E extends Record<string, SQL.Aliased | SQL>>(db: Tx, extra: E) {
  const select = db.select({
    ...extra,
    transitions: transitionRecords,
    t: transactions,
    listing: {
      id: listings.id,
      title: listings.title,
      deleted: listings.deleted,
      unit: listingUnit,
      rfqRequired: listingRfqRequired,
    },
    customer: party(customer),
    customerOrg: { id: customerOrg.id, name: customerOrg.name },
    provider: party(provider),
    providerOrg: { id: providerOrg.id, name: providerOrg.name },
  });
  return joined(select.from(transactions).$dynamic());
}

/** A transaction's listing and both parties with their organizations, under the aliases above. */
function joined<Q extends PgSelect>(q: Q) {
  return q
    .innerJoin(listings, joinOn.listing)
    .innerJoin(customer, joinOn.customer)
    .leftJoin(customerOrg, joinOn.customerOrg)
    .innerJoin(provider, joinOn.provider)
    .leftJoin(providerOrg, joinOn.providerOrg);
}

/**
 * Rows of `json` (a JSON text the database writes from the joined row: the orders list, see
 * transactions.page.ts) with the total before the limit.
 */
export function selectJoinedJson(db: Tx, json: SQL<string>) {
  return joined(db.select({ json, ...totalOver() }).from(transactions).$dynamic());
}
export type JoinedTransaction = Awaited<ReturnType<typeof selectJoined>>[number];

export async function findJoined(db: Tx, id: string): Promise<JoinedTransaction | undefined> {
  const [row] = await selectJoined(db).where(eq(transactions.id, id));
  return row;
}

/** Rows and the total from one statement (see pageTotal). */
export async function withTotal<R extends { total: number }>(rows: R[], offset: number, count: () => Promise<{ n: number }[]>) {
  return { rows, total: await pageTotal(rows, offset, count) };
}

export const newestFirst = [desc(transactions.createdAt), desc(transactions.id)];
export const countWhere = (db: Tx, where: SQL | undefined) => () => db.select({ n: count() }).from(transactions).where(where);

/** The operator's list of transactions matching `where`, newest first. */
export async function pageForOperator(db: Tx, where: SQL | undefined, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const rows = await selectPage(db).where(where).orderBy(...newestFirst).limit(perPage).offset(offset);
  return withTotal(rows, offset, countWhere(db, where));
}

/** Which of a user's transactions: purchases (order), sales (sale) or both. */
export type PartySide = 'order' | 'sale' | 'both';
export const whereSide = (side: PartySide, user: string | SQLWrapper) =>
  side === 'order'
    ? eq(transactions.customerId, user)
    : side === 'sale'
      ? eq(transactions.providerId, user)
      : or(eq(transactions.customerId, user), eq(transactions.providerId, user));
export const whereStates = (alias: TransactionRow['processAlias'], states: string[]) =>
  and(eq(transactions.processAlias, alias), inArray(transactions.state, states as TransactionRow['state'][]));
export const whereLastTransitions = (names: string[]) => inArray(transactions.lastTransition, names as TransactionRow['lastTransition'][]);
export const whereCreatedBetween = (start?: string, end?: string) =>
  and(start ? gte(transactions.createdAt, new Date(start)) : undefined, end ? lt(transactions.createdAt, new Date(end)) : undefined);

/** The provider's sales whose last transition is one of `names`, latest first. */
export async function pageSalesByLastTransition(db: Tx, providerId: string, names: string[], perPage: number) {
  const where = and(whereSide('sale', providerId), whereLastTransitions(names));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: transactions.id,
        lastTransition: transactions.lastTransition,
        lastTransitionedAt: transactions.lastTransitionedAt,
        state: transactions.state,
        listingTitle: listings.title,
        customer: party(customer),
      })
      .from(transactions)
      .innerJoin(listings, eq(listings.id, transactions.listingId))
      .innerJoin(customer, eq(customer.id, transactions.customerId))
      .where(where)
      .orderBy(desc(transactions.lastTransitionedAt))
      .limit(perPage),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
