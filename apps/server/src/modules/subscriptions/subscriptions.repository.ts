import { aliasedTable, and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { listings } from '../listings/listings.schema.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { users } from '../users/users.schema.ts';
import { subscriptionCycles, subscriptionEvents, subscriptions, type SubscriptionRow } from './subscriptions.schema.ts';

const buyerOrg = aliasedTable(organizations, 'buyer_org');
const sellerOrg = aliasedTable(organizations, 'seller_org');

/** A subscription with the names its view shows. */
function selectJoined(db: Tx) {
  return db
    .select({ s: subscriptions, listingTitle: listings.title, sellerId: listings.authorId, buyerOrgName: buyerOrg.name, sellerOrgName: sellerOrg.name })
    .from(subscriptions)
    .innerJoin(listings, eq(listings.id, subscriptions.listingId))
    .innerJoin(buyerOrg, eq(buyerOrg.id, subscriptions.buyerOrgId))
    .innerJoin(sellerOrg, eq(sellerOrg.id, subscriptions.sellerOrgId));
}
export type JoinedSubscription = Awaited<ReturnType<typeof selectJoined>>[number];

export async function findJoined(db: Tx, id: string) {
  const [row] = await selectJoined(db).where(eq(subscriptions.id, id));
  return row;
}

/** The subscriptions an organization buys or sells, newest first. */
export function listForOrg(db: Tx, orgId: string) {
  return selectJoined(db)
    .where(or(eq(subscriptions.buyerOrgId, orgId), eq(subscriptions.sellerOrgId, orgId)))
    .orderBy(desc(subscriptions.createdAt));
}

/** `noWait`: a row another transaction holds throws lock_not_available at once (the cycle timer: timers.service.ts). */
export async function lock(tx: Tx, id: string, opts: { noWait?: boolean } = {}): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .for('update', opts.noWait ? { noWait: true } : {});
  return row;
}

export async function insert(tx: Tx, values: typeof subscriptions.$inferInsert) {
  await tx.insert(subscriptions).values(values);
}

export async function setStatus(tx: Tx, id: string, status: SubscriptionRow['status'], at: Date) {
  await tx.update(subscriptions).set({ status, updatedAt: at }).where(eq(subscriptions.id, id));
}

export async function insertEvent(tx: Tx, values: typeof subscriptionEvents.$inferInsert) {
  await tx.insert(subscriptionEvents).values(values);
}

export function eventsOf(db: Tx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ e: subscriptionEvents, firstName: users.firstName, lastName: users.lastName })
    .from(subscriptionEvents)
    .leftJoin(users, eq(users.id, subscriptionEvents.actorId))
    .where(inArray(subscriptionEvents.subscriptionId, ids))
    .orderBy(asc(subscriptionEvents.seq));
}

export function cyclesOf(db: Tx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(subscriptionCycles).where(inArray(subscriptionCycles.subscriptionId, ids)).orderBy(desc(subscriptionCycles.cycleDate));
}

/** True when this run recorded the cycle; false when it was recorded already (the cycle's idempotency). */
export async function recordCycle(tx: Tx, values: typeof subscriptionCycles.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(subscriptionCycles).values(values).onConflictDoNothing().returning({ d: subscriptionCycles.cycleDate });
  return rows.length > 0;
}

export async function cycleExists(tx: Tx, subscriptionId: string, cycleDate: string): Promise<boolean> {
  const rows = await tx
    .select({ d: subscriptionCycles.cycleDate })
    .from(subscriptionCycles)
    .where(and(eq(subscriptionCycles.subscriptionId, subscriptionId), eq(subscriptionCycles.cycleDate, cycleDate)));
  return rows.length > 0;
}

export async function organizationOfUser(db: Tx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ org: users.organizationId }).from(users).where(eq(users.id, userId));
  return row?.org;
}
