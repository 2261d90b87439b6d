import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AccountState, UserStatus } from '@harbor/contracts';
import { preparedQuery, type Tx } from '../../db/index.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { payoutAccounts } from '../payments/payments.schema.ts';
import { emailTokens, serviceRequests, users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type UserWithOrg = UserRow & { organization: OrganizationRow };

/** Prepared: every signed-in page asks for its user (`/me`, the guards). */
const userById = preparedQuery('user_by_id', (db) =>
  db.select().from(users).innerJoin(organizations, eq(users.organizationId, organizations.id)).where(eq(users.id, sql.placeholder('id'))),
);

export async function findUserById(db: Tx, id: string): Promise<UserWithOrg | undefined> {
  const [row] = await userById(db, { id });
  return row ? { ...row.users, organization: row.organizations } : undefined;
}

const currentUserById = preparedQuery('current_user_by_id', (db) =>
  db
    .select({ users, organizations, payoutUserId: payoutAccounts.userId })
    .from(users)
    .innerJoin(organizations, eq(users.organizationId, organizations.id))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, users.id))
    .where(eq(users.id, sql.placeholder('id'))),
);

/**
 * `/me`: the user with its organization and whether it has a payout account at the payment
 * provider (`stripeConnected`), in one statement: every signed-in page asks for it.
 */
export async function findCurrentUserById(db: Tx, id: string): Promise<(UserWithOrg & { hasPayoutAccount: boolean }) | undefined> {
  const [row] = await currentUserById(db, { id });
  return row ? { ...row.users, organization: row.organizations, hasPayoutAccount: row.payoutUserId !== null } : undefined;
}

export async function findUserByEmail(db: Tx, email: string): Promise<UserWithOrg | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .innerJoin(organizations, eq(users.organizationId, organizations.id))
    .where(eq(users.email, email.toLowerCase()));
  return row ? { ...row.users, organization: row.organizations } : undefined;
}

export async function insertOrganization(db: Tx, values: typeof organizations.$inferInsert) {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

export async function insertUser(db: Tx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Tx, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export function listUsersByStatus(db: Tx, status?: UserRow['status']) {
  const q = db
    .select()
    .from(users)
    .innerJoin(organizations, eq(users.organizationId, organizations.id))
    .orderBy(sql`${users.createdAt} desc`)
    .limit(500);
  return status ? q.where(eq(users.status, status)) : q;
}

/** The user row locked for the rest of the transaction, so two operator actions on one account run one after the other. */
export async function lockUserById(tx: Tx, id: string): Promise<UserWithOrg | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .innerJoin(organizations, eq(users.organizationId, organizations.id))
    .where(eq(users.id, id))
    .for('update', { of: users });
  return row ? { ...row.users, organization: row.organizations } : undefined;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function accountWhere(account?: AccountState): SQL | undefined {
  if (account === 'deleted') return eq(users.deleted, true);
  if (account === 'banned') return and(eq(users.banned, true), eq(users.deleted, false));
  if (account === 'active') return and(eq(users.banned, false), eq(users.deleted, false));
  return undefined;
}

/** The operator's user search: part of the name, e-mail or organization name, newest accounts first. */
export async function searchUsers(
  db: Tx,
  q: { q?: string; status?: UserStatus; account?: AccountState; page: number; perPage: number },
) {
  const text = q.q?.trim();
  const pattern = text ? likePattern(text) : undefined;
  const where = and(
    q.status ? eq(users.status, q.status) : undefined,
    accountWhere(q.account),
    pattern
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
          ilike(organizations.name, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .innerJoin(organizations, eq(users.organizationId, organizations.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(users).innerJoin(organizations, eq(users.organizationId, organizations.id)).where(where),
  ]);
  return { rows: rows.map((r): UserWithOrg => ({ ...r.users, organization: r.organizations })), total: total?.n ?? 0 };
}

export async function insertEmailToken(db: Tx, values: typeof emailTokens.$inferInsert) {
  await db.insert(emailTokens).values(values);
}

export async function countEmailTokensSince(db: Tx, userId: string, kind: 'verify' | 'reset', since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), gt(emailTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** Marks a live token used and returns it; a used, expired or unknown token returns undefined. */
export async function consumeEmailToken(db: Tx, kind: 'verify' | 'reset', tokenHash: string) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/** Ends every unused token of a kind: a newer reset link (or a reset) makes the older links useless. */
export async function invalidateEmailTokens(db: Tx, userId: string, kind: 'verify' | 'reset') {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}

/** A deleted account's old address leaves its e-mail tokens (all ended) and its service requests. */
export async function forgetEmailOfUser(tx: Tx, userId: string, replacement: string) {
  await tx
    .update(emailTokens)
    .set({ email: replacement, usedAt: sql`coalesce(${emailTokens.usedAt}, now())` })
    .where(eq(emailTokens.userId, userId));
  await tx.update(serviceRequests).set({ email: replacement }).where(eq(serviceRequests.userId, userId));
}

export async function insertServiceRequest(db: Tx, values: typeof serviceRequests.$inferInsert) {
  await db.insert(serviceRequests).values(values);
}
