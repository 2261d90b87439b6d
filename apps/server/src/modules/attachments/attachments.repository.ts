import { and, asc, count, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { users } from '../users/users.schema.ts';
import { transactionAttachments, type AttachmentRow } from './attachments.schema.ts';

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

/** One attachment as `attachmentRecordsOf` builds it: the row's fields, the time as `Date.toISOString` writes it. */
export interface AttachmentRecord {
  id: string;
  name: string;
  kind: AttachmentRow['kind'];
  size: number;
  createdAt: string;
  uploader: { id: string; firstName: string; lastName: string; banned: boolean; deleted: boolean };
}

/**
 * A transaction's attachments, oldest first, as a JSON array built by the database inside the
 * row that names `transactionId`: the orders list gets each row's attachments in its own
 * statement instead of a second round trip (under load each round trip waits its turn on a
 * busy event loop again).
 */
export function attachmentRecordsOf(transactionId: SQLWrapper) {
  const a = transactionAttachments;
  return sql<AttachmentRecord[]>`(
    select coalesce(json_agg(json_build_object(
      'id', ${a.id}, 'name', ${a.name}, 'kind', ${a.kind}, 'size', ${a.size},
      'createdAt', to_char(${a.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'uploader', json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'banned', ${users.banned}, 'deleted', ${users.deleted})
    ) order by ${a.createdAt}, ${a.id}), '[]'::json)
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
