import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { transactions } from '../transactions/index.ts';
import { users } from '../users/users.schema.ts';
import { transactionMessageReads, transactionMessages } from './messages.schema.ts';

const senderColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  banned: users.banned,
  deleted: users.deleted,
};

export async function insertMessage(tx: Tx, values: { transactionId: string; senderId: string; content: string; createdAt?: Date }) {
  const [row] = await tx.insert(transactionMessages).values(values).returning();
  return row!;
}

/** One page of a thread counted from the newest (page 1 = the newest `perPage`), with each sender's name fields. */
export async function pageOfThread(db: Tx, transactionId: string, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ m: transactionMessages, sender: senderColumns })
      .from(transactionMessages)
      .innerJoin(users, eq(users.id, transactionMessages.senderId))
      .where(eq(transactionMessages.transactionId, transactionId))
      .orderBy(desc(transactionMessages.seq))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(transactionMessages).where(eq(transactionMessages.transactionId, transactionId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function userNameFields(db: Tx, ids: string[]) {
  return db.select(senderColumns).from(users).where(inArray(users.id, ids));
}

/** Moves a reader's marker forward (never back: an older page read later does not make newer messages unread). */
export async function markRead(db: Tx, transactionId: string, userId: string, seq: number) {
  await db
    .insert(transactionMessageReads)
    .values({ transactionId, userId, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [transactionMessageReads.transactionId, transactionMessageReads.userId],
      set: { lastReadSeq: sql`greatest(${transactionMessageReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: sql`now()` },
    });
}

export async function newestSeq(db: Tx, transactionId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: sql<number | null>`max(${transactionMessages.seq})`.mapWith(Number) })
    .from(transactionMessages)
    .where(eq(transactionMessages.transactionId, transactionId));
  return row?.seq ?? null;
}

/** Per transaction of the user (as a party), the messages of others after the user's marker; only transactions with any. */
export async function unreadCounts(db: Tx, userId: string) {
  return db
    .select({ transactionId: transactionMessages.transactionId, n: count() })
    .from(transactionMessages)
    .innerJoin(transactions, eq(transactions.id, transactionMessages.transactionId))
    .leftJoin(
      transactionMessageReads,
      and(eq(transactionMessageReads.transactionId, transactionMessages.transactionId), eq(transactionMessageReads.userId, userId)),
    )
    .where(
      and(
        or(eq(transactions.customerId, userId), eq(transactions.providerId, userId)),
        ne(transactionMessages.senderId, userId),
        sql`${transactionMessages.seq} > coalesce(${transactionMessageReads.lastReadSeq}, 0)`,
      ),
    )
    .groupBy(transactionMessages.transactionId);
}
