import { and, asc, count, eq, sql } from 'drizzle-orm';
import { preparedQuery, type Tx } from '../../db/index.ts';
import { users } from '../users/users.schema.ts';
import { transactionAttachments } from './attachments.schema.ts';

const uploaderColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, banned: users.banned, deleted: users.deleted };

export async function insertAttachment(db: Tx, values: typeof transactionAttachments.$inferInsert) {
  const [row] = await db.insert(transactionAttachments).values(values).returning();
  return row!;
}

export function listOf(db: Tx, transactionId: string) {
  return db
    .select({ a: transactionAttachments, uploader: uploaderColumns })
    .from(transactionAttachments)
    .innerJoin(users, eq(users.id, transactionAttachments.uploaderId))
    .where(eq(transactionAttachments.transactionId, transactionId))
    .orderBy(asc(transactionAttachments.createdAt), asc(transactionAttachments.id));
}

/** The attachments of several transactions (a page of the orders list), oldest first. */
/** Prepared: every orders list carries its rows' attachments. */
const attachmentsByTransactionIds = preparedQuery('attachments_by_transaction_ids', (db) =>
  db
    .select({ a: transactionAttachments, uploader: uploaderColumns })
    .from(transactionAttachments)
    .innerJoin(users, eq(users.id, transactionAttachments.uploaderId))
    .where(sql`${transactionAttachments.transactionId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(transactionAttachments.createdAt), asc(transactionAttachments.id)),
);

export function listOfMany(db: Tx, transactionIds: readonly string[]) {
  return attachmentsByTransactionIds(db, { ids: [...transactionIds] });
}

export async function findOne(db: Tx, transactionId: string, id: string) {
  const [row] = await db
    .select({ a: transactionAttachments, uploader: uploaderColumns })
    .from(transactionAttachments)
    .innerJoin(users, eq(users.id, transactionAttachments.uploaderId))
    .where(and(eq(transactionAttachments.transactionId, transactionId), eq(transactionAttachments.id, id)));
  return row;
}

export async function countOf(db: Tx, transactionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(transactionAttachments).where(eq(transactionAttachments.transactionId, transactionId));
  return row?.n ?? 0;
}

export async function deleteOne(db: Tx, id: string) {
  await db.delete(transactionAttachments).where(eq(transactionAttachments.id, id));
}
