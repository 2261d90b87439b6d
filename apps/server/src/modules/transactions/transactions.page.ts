import { and, count, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PROCESSES } from '@harbor/contracts';
import { isoTime, jsonFields, jsonObject, jsonObjectOrNull, jsonPlain, jsonText, jsonValue, preparedQuery, sqlCase, type Db, type Tx } from '../../db/index.ts';
import { attachmentsJsonOf } from '../attachments/index.ts';
import { listings } from '../listings/listings.schema.ts';
import { abbreviatedNameSql, displayNameSql } from '../users/index.ts';
import { PENDING_STATES } from './transactions.mapper.ts';
import {
  countWhere,
  customer,
  customerOrg,
  listingRfqRequired,
  listingUnit,
  newestFirst,
  provider,
  providerOrg,
  selectJoinedJson,
  transitionRecordsJson,
  whereSide,
  withTotal,
  type PartySide,
} from './transactions.repository.ts';
import { transactions } from './transactions.schema.ts';

/*
 * The orders list, written by the database. Each row is the contract's Transaction with its
 * attachments, as JSON text that the answer carries as it is: the driver parses no row, drizzle
 * maps no column and the server stringifies no transaction. On a 40-order page that work was
 * most of the request's time, and the orders list most of the crowd's (bench/README-load.md).
 * The fields and rules are toTransaction's and toAttachment's (transactions.mapper.ts,
 * attachments.service.ts); the orders list's tests compare every row with the transaction's
 * own answer, which those build.
 */

const t = transactions;
const processName = sqlCase(
  t.processAlias,
  Object.values(PROCESSES).map((g) => [g.alias, g.name]),
);
const bookingState = sql`case when ${t.state} in ('declined', 'cancelled') then ${t.state} when ${t.state} in (${sql.join(
  PENDING_STATES.map((s) => sql`${s}`),
  sql`, `,
)}) then 'pending' else 'accepted' end`;
const money = (amount: SQLWrapper) => jsonObject({ amount: jsonValue(amount), currency: jsonPlain(t.currency) });
const partyJson = (u: typeof customer | typeof provider, org: typeof customerOrg | typeof providerOrg) =>
  jsonObject({
    id: jsonPlain(u.id),
    displayName: jsonText(displayNameSql(u)),
    abbreviatedName: jsonText(abbreviatedNameSql(u)),
    organization: jsonObjectOrNull(sql`${org.id} is null`, { id: jsonPlain(org.id), name: jsonText(org.name) }),
  });

/**
 * The transaction's own fields: what only a change to its row or its transitions changes.
 * Kept in `own_json` after each change (`refreshOwnJson`), built here where that is NULL.
 * A change to these fields must come with a migration that clears the column.
 */
const ownFields = jsonFields({
  id: jsonPlain(t.id),
  processAlias: jsonPlain(t.processAlias),
  processVersion: jsonValue(t.processVersion),
  state: jsonPlain(t.state),
  lastTransition: jsonPlain(t.lastTransition),
  lastTransitionedAt: jsonPlain(isoTime(t.lastTransitionedAt)),
  createdAt: jsonPlain(isoTime(t.createdAt)),
  quantity: jsonValue(t.quantity),
  lineItems: jsonValue(t.lineItems),
  payinTotal: money(t.payinTotal),
  payoutTotal: money(t.payoutTotal),
  transitions: transitionRecordsJson,
  metadata: jsonValue(t.metadata),
  protectedData: jsonValue(t.protectedData),
});

/**
 * Writes the transaction's `own_json` (after a change, in its database transaction): until then
 * its orders-list row is built from its columns. A value already there is current (every other
 * change clears it), so it is left as it is.
 */
export async function refreshOwnJson(tx: Tx, id: string) {
  await tx
    .update(t)
    .set({ ownJson: ownFields })
    .where(and(eq(t.id, id), isNull(t.ownJson)));
}

/**
 * Writes `own_json` for up to `limit` rows that lack it (rows placed before migration 0023,
 * which the list otherwise builds at every request until they change); how many it wrote.
 * Rows another transaction holds are left for a later batch.
 */
export async function refreshMissingOwnJson(db: Db, limit: number): Promise<number> {
  // Two statements: as a subquery of the update, the locking select is run again for each row
  // and skips the rows the update has just written, so the limit did not hold.
  return db.transaction(async (tx) => {
    const missing = await tx.select({ id: t.id }).from(t).where(isNull(t.ownJson)).limit(limit).for('update', { skipLocked: true });
    if (!missing.length) return 0;
    const rows = await tx
      .update(t)
      .set({ ownJson: ownFields })
      .where(and(inArray(t.id, missing.map((r) => r.id)), isNull(t.ownJson)))
      .returning({ id: t.id });
    return rows.length;
  });
}

/** The row's Transaction as the caller (`user`, a party to it) sees it, with its attachments. */
function transactionJson(user: SQLWrapper) {
  const start = jsonPlain(isoTime(t.bookingStart));
  const end = jsonPlain(isoTime(t.bookingEnd));
  return jsonObject(
    {
      // From the code's tables, so never kept: a new release names them anew.
      processName: jsonText(processName),
      booking: jsonObject({ start, end, displayStart: start, displayEnd: end, state: jsonPlain(bookingState) }),
      // Other rows' fields (names, titles and attachments change without this row).
      listing: jsonObject({
        id: jsonPlain(listings.id),
        title: jsonText(listings.title),
        unit: jsonText(listingUnit),
        rfqRequired: jsonValue(listingRfqRequired),
        deleted: jsonValue(listings.deleted),
      }),
      customer: partyJson(customer, customerOrg),
      provider: partyJson(provider, providerOrg),
      role: jsonPlain(sql`case when ${t.customerId} = ${user} then 'customer' else 'provider' end`),
      attachments: attachmentsJsonOf(t.id),
    },
    sql`coalesce(${t.ownJson}, ${ownFields})`,
  );
}

const selectJson = (db: Tx, user: SQLWrapper) => selectJoinedJson(db, transactionJson(user));

/** A party's orders list with filters (`where` holds the party `userId`), newest first. */
export async function pageOfParty(db: Tx, userId: string, where: SQL | undefined, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const rows = await selectJson(db, sql`${userId}`).where(where).orderBy(...newestFirst).limit(perPage).offset(offset);
  return withTotal(rows, offset, countWhere(db, where));
}

const sidePage = (side: PartySide) =>
  preparedQuery(`transactions_page_${side}`, (db) =>
    selectJson(db, sql.placeholder('user'))
      .where(whereSide(side, sql.placeholder('user')))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
const sideCount = (side: PartySide) => preparedQuery(`transactions_count_${side}`, (db) => db.select({ n: count() }).from(t).where(whereSide(side, sql.placeholder('user'))));
const sidePages = { order: sidePage('order'), sale: sidePage('sale'), both: sidePage('both') };
const sideCounts = { order: sideCount('order'), sale: sideCount('sale'), both: sideCount('both') };

/**
 * The orders list with no filter but the side (every orders page opens so): prepared, unlike
 * `pageOfParty` whose filters vary; the same rows in the same order.
 */
export async function pageOfUser(db: Tx, userId: string, side: PartySide, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const rows = await sidePages[side](db, { user: userId, limit: perPage, offset });
  return withTotal(rows, offset, () => sideCounts[side](db, { user: userId }));
}
