import { and, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { users } from '../users/users.schema.ts';
import { loginFailures, refreshTokens, sessions, tokenFamilies } from './auth.schema.ts';

export async function insertSession(db: Tx, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function findLiveSessionByHash(db: Tx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return row;
}

export async function revokeSession(db: Tx, sessionId: string) {
  const now = new Date();
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await db
    .update(tokenFamilies)
    .set({ revokedAt: now })
    .where(and(eq(tokenFamilies.sessionId, sessionId), isNull(tokenFamilies.revokedAt)));
}

export async function revokeUserSessions(db: Tx, userId: string) {
  const live = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  for (const s of live) await revokeSession(db, s.id);
}

export async function insertFamily(db: Tx, sessionId: string) {
  const [row] = await db.insert(tokenFamilies).values({ sessionId }).returning();
  return row!;
}

export async function revokeFamily(db: Tx, familyId: string) {
  await db.update(tokenFamilies).set({ revokedAt: new Date() }).where(eq(tokenFamilies.id, familyId));
}

export async function insertRefreshToken(db: Tx, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

/** The refresh token with its family and session, whatever their state; the service decides. */
export async function findRefreshToken(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, family: tokenFamilies, session: sessions })
    .from(refreshTokens)
    .innerJoin(tokenFamilies, eq(refreshTokens.familyId, tokenFamilies.id))
    .innerJoin(sessions, eq(tokenFamilies.sessionId, sessions.id))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks the token rotated only if nobody rotated it first (two racing refreshes: one wins). */
export async function markRotated(db: Tx, tokenId: string) {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/**
 * True while the family, its session and the account are all live: what makes
 * an access token valid. A rejected, banned or deleted account fails here even
 * before its families are revoked (an update made by hand or by another process).
 */
export async function isAccessLive(db: Tx, familyId: string, userId: string) {
  const [row] = await db
    .select({ id: tokenFamilies.id })
    .from(tokenFamilies)
    .innerJoin(sessions, eq(tokenFamilies.sessionId, sessions.id))
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(
      and(
        eq(tokenFamilies.id, familyId),
        eq(sessions.userId, userId),
        isNull(tokenFamilies.revokedAt),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.status, 'approved'),
        eq(users.banned, false),
        eq(users.deleted, false),
      ),
    );
  return !!row;
}

/** The session a refresh family belongs to. */
export async function findFamilySession(db: Tx, familyId: string) {
  const [row] = await db.select({ sessionId: tokenFamilies.sessionId }).from(tokenFamilies).where(eq(tokenFamilies.id, familyId));
  return row?.sessionId;
}

/** Revokes every session of the user but one, and every family but one (the caller's own, after a password change). */
export async function revokeUserSessionsExcept(db: Tx, userId: string, keep: { sessionId: string; familyId: string }) {
  const now = new Date();
  const live = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keep.sessionId)));
  for (const s of live) await revokeSession(db, s.id);
  await db
    .update(tokenFamilies)
    .set({ revokedAt: now })
    .where(and(eq(tokenFamilies.sessionId, keep.sessionId), ne(tokenFamilies.id, keep.familyId), isNull(tokenFamilies.revokedAt)));
}

export async function recordLoginFailure(db: Tx, values: { email: string; ip: string; userId?: string }) {
  await db.insert(loginFailures).values(values);
}

export async function countLoginFailuresSince(db: Tx, email: string, ip: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

/** Client addresses that reached the daily limit for this e-mail since `since`. */
export async function countLockedAddressesSince(db: Tx, email: string, since: Date, limit: number) {
  const rows = await db
    .select({ ip: loginFailures.ip })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)))
    .groupBy(loginFailures.ip)
    .having(sql`count(*) >= ${limit}`);
  return rows.length;
}

/** A password reset lifts every lock on the account, from every address. */
export async function clearLoginFailures(db: Tx, user: { id: string; email: string }) {
  await db.delete(loginFailures).where(or(eq(loginFailures.userId, user.id), eq(loginFailures.email, user.email)));
}

/** A successful sign-in forgets that address's failures only. */
export async function clearLoginFailuresFrom(db: Tx, email: string, ip: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}
