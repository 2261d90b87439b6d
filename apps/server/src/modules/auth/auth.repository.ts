import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
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

/** True while both the family and its session are live: what makes an access token valid. */
export async function isFamilyLive(db: Tx, familyId: string) {
  const [row] = await db
    .select({ id: tokenFamilies.id })
    .from(tokenFamilies)
    .innerJoin(sessions, eq(tokenFamilies.sessionId, sessions.id))
    .where(
      and(
        eq(tokenFamilies.id, familyId),
        isNull(tokenFamilies.revokedAt),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  return !!row;
}

export async function recordLoginFailure(db: Tx, userId: string, ip: string) {
  await db.insert(loginFailures).values({ userId, ip });
}

export async function countLoginFailuresSince(db: Tx, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, userId), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

export async function clearLoginFailures(db: Tx, userId: string) {
  await db.delete(loginFailures).where(eq(loginFailures.userId, userId));
}
