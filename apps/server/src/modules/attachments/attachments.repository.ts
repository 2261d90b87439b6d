import { and, asc, count, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { ATTACHMENT_CONTENT_TYPES } from '@harbor/contracts';
import { isoTime, jsonArrayAgg, jsonObject, jsonPlain, jsonText, jsonValue, sqlCase, type Tx } from '../../db/index.ts';
import { displayNameSql } from '../users/index.ts';
import { users } from '../users/users.schema.ts';
import { attachmentUrlSql } from './attachments.url.ts';
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

/**
 * A transaction's attachments in the contract's shape (`Attachment[]`), oldest first, as a JSON
 * array built by the database inside the row that names `transactionId`: the orders list
 * builds each row there (transactions.page.ts). The same fields as
 * `toAttachment` writes; the orders list's tests compare the two.
 */
export function attachmentsJsonOf(transactionId: SQLWrapper) {
  const a = transactionAttachments;
  return sql<string>`(
    select ${jsonArrayAgg(
      jsonObject({
        id: jsonPlain(a.id),
        url: jsonPlain(attachmentUrlSql(a.transactionId, a.id)),
        name: jsonText(a.name),
        kind: jsonPlain(a.kind),
        contentType: jsonPlain(sqlCase(a.kind, Object.entries(ATTACHMENT_CONTENT_TYPES))),
        size: jsonValue(a.size),
        createdAt: jsonPlain(isoTime(a.createdAt)),
        uploader: jsonObject({ id: jsonPlain(users.id), displayName: jsonText(displayNameSql(users)) }),
      }),
      sql`${a.createdAt}, ${a.id}`,
    )}
    from ${a} inner join ${users} on ${users.id} = ${a.uploaderId}
    where ${a.transactionId} = ${transactionId})`;
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
