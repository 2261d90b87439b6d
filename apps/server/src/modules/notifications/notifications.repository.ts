import { desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { listings } from '../listings/listings.schema.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { users } from '../users/users.schema.ts';
import { transactions } from '../transactions/transactions.schema.ts';
import { outbox } from './notifications.schema.ts';

export function listOutbox(db: Db, limit = 200) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}

/** What a mail needs of its recipients and its actor: address, language, name and whether they take message e-mails. */
export function mailPeople(tx: Tx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      messageEmails: users.messageEmails,
      banned: users.banned,
      deleted: users.deleted,
      organization: organizations.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(inArray(users.id, ids));
}
export type MailPerson = Awaited<ReturnType<typeof mailPeople>>[number];

export async function listingTitle(tx: Tx, id: string): Promise<string> {
  const [row] = await tx.select({ title: listings.title }).from(listings).where(eq(listings.id, id));
  return row?.title ?? '';
}

/** The parts of a transaction its e-mails speak of, for callers (messages) that hold only its id. */
export async function mailTransaction(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: transactions.id, customerId: transactions.customerId, providerId: transactions.providerId, listingId: transactions.listingId, pd: transactions.protectedData })
    .from(transactions)
    .where(eq(transactions.id, id));
  return row && { id: row.id, customerId: row.customerId, providerId: row.providerId, listingId: row.listingId, shipName: row.pd.shipName ?? null };
}
