import {
  ACCESS_TOKEN_TTL_S,
  MAX_FAILED_LOGINS_PER_DAY,
  PASSWORD_RESET_TTL_S,
  REFRESH_TOKEN_TTL_S,
  SESSION_TTL_S,
  type ChangePasswordBody,
  type LoginBody,
  type ResetPasswordBody,
  type TokenResponse,
  DAY_MS,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Tx } from '../../db/index.ts';
import { composeMail, withMail } from '../notifications/index.ts';
import {
  consumeEmailToken,
  findUserByEmail,
  findUserById,
  insertEmailToken,
  invalidateEmailTokens,
  updateUser,
  type UserWithOrg,
} from '../users/index.ts';
import * as repo from './auth.repository.ts';
import { liveFamilies } from './live-families.ts';
import { signAccessToken, verifyAccessToken, type AccessToken } from './tokens.ts';

const sinceOneDay = () => new Date(Date.now() - DAY_MS);

/**
 * Checks the password, then the account state, so a pending or rejected
 * account never learns anything without the right password. Failures are
 * counted per e-mail and client address: five in a day lock that address out
 * of that account (the spec's limit) without locking the owner out elsewhere.
 * Unknown e-mails cost the same argon2 check, are counted the same way and get
 * the same answers, so the answers do not tell which accounts exist.
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  meta: { ip: string; userAgent?: string; replacedSessionToken?: string },
) {
  const email = body.email.toLowerCase();
  const failures = await repo.countLoginFailuresSince(ctx.db, email, meta.ip, sinceOneDay());
  if (failures >= MAX_FAILED_LOGINS_PER_DAY) throw new AppError('too-many-login-attempts', 429);
  const found = await findUserByEmail(ctx.db, email);
  const user = found && !found.deleted ? found : undefined;
  if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
    await recordLoginFailure(ctx, email, meta.ip, user, failures + 1);
    throw new AppError('invalid-credentials', 401, { attemptsLeft: MAX_FAILED_LOGINS_PER_DAY - failures - 1 });
  }
  if (user.banned) throw new AppError('user-banned', 403);
  if (user.status === 'pending') throw new AppError('user-pending-approval', 403);
  if (user.status === 'rejected') throw new AppError('user-rejected', 403);
  const sessionToken = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_S * 1000);
  await ctx.db.transaction(async (tx) => {
    await repo.clearLoginFailuresFrom(tx, email, meta.ip);
    await repo.insertSession(tx, {
      userId: user.id,
      tokenHash: sha256(sessionToken),
      ip: meta.ip,
      userAgent: meta.userAgent,
      expiresAt,
    });
    // The new cookie replaces this browser's previous one: that session ends, so
    // refresh tokens it left behind (another user's, after switching) stop working.
    const replaced = meta.replacedSessionToken
      ? await repo.findLiveSessionByHash(tx, sha256(meta.replacedSessionToken))
      : undefined;
    if (replaced) await repo.revokeSession(tx, replaced.id);
  });
  liveFamilies.clear();
  return { sessionToken, expiresAt };
}

/**
 * Records a failure. The failure that locks an account's first address of the
 * day mails the owner a reset link (which also lifts every lock); more locked
 * addresses the same day send nothing more, so the owner is not flooded.
 */
async function recordLoginFailure(ctx: AppContext, email: string, ip: string, user: UserWithOrg | undefined, nth: number) {
  await withMail(ctx, async (tx, queueMail) => {
    const locks = nth === MAX_FAILED_LOGINS_PER_DAY && user;
    const lockedBefore = locks ? await repo.countLockedAddressesSince(tx, email, sinceOneDay(), MAX_FAILED_LOGINS_PER_DAY) : 0;
    await repo.recordLoginFailure(tx, { email, ip, userId: user?.id });
    if (locks && lockedBefore === 0) {
      const link = await issueResetLink(ctx, tx, user);
      await queueMail(composeMail(user.email, 'accountLocked', { name: user.firstName, ip, link }, user.language));
    }
  });
}

async function mintPair(ctx: AppContext, userId: string, familyId: string): Promise<TokenResponse> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.status !== 'approved' || user.banned || user.deleted) throw new AppError('invalid-token', 400);
  const refresh = randomToken();
  await repo.insertRefreshToken(ctx.db, {
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
  });
  const access = await signAccessToken(ctx.config.JWT_SECRET, {
    sub: user.id,
    org: user.organizationId,
    roles: user.organization.roles,
    scopes: user.scopes,
    fam: familyId,
  });
  return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S };
}

/** GET token: the session cookie buys a fresh token pair in a new refresh family. */
export async function tokensForSession(ctx: AppContext, sessionToken: string | undefined): Promise<TokenResponse> {
  const session = sessionToken ? await repo.findLiveSessionByHash(ctx.db, sha256(sessionToken)) : undefined;
  if (!session) throw new AppError('unauthorized', 401);
  const family = await repo.insertFamily(ctx.db, session.id);
  return mintPair(ctx, session.userId, family.id);
}

/**
 * Rotation: each refresh token works once. Presenting one that was already
 * rotated means it leaked (or a client raced itself), so the family dies and
 * every token of it, access tokens included, stops working.
 */
export async function refresh(ctx: AppContext, refreshToken: string, sessionToken?: string): Promise<TokenResponse> {
  const found = await repo.findRefreshToken(ctx.db, sha256(refreshToken));
  if (!found) throw new AppError('invalid-token', 400);
  const { token, family, session } = found;
  const dead = family.revokedAt || session.revokedAt || session.expiresAt < new Date() || token.expiresAt < new Date();
  if (dead) throw new AppError('invalid-token', 400);
  // A browser whose cookie holds a newer sign-in (another account on the hosted
  // page) must not go on as the previous one: the cookie wins, the client falls
  // back to it. The old family is left alone; it is not a leak.
  if (sessionToken) {
    const current = await repo.findLiveSessionByHash(ctx.db, sha256(sessionToken));
    if (current && current.id !== session.id) throw new AppError('invalid-token', 400, { reason: 'session-replaced' });
  }
  if (token.rotatedAt || !(await repo.markRotated(ctx.db, token.id))) {
    await repo.revokeFamily(ctx.db, family.id);
    liveFamilies.forget(family.id);
    ctx.log.warn({ familyId: family.id, userId: session.userId }, 'refresh token reuse: family revoked');
    throw new AppError('invalid-token', 400);
  }
  return mintPair(ctx, session.userId, family.id);
}

export async function logout(ctx: AppContext, sessionToken?: string, refreshToken?: string) {
  if (sessionToken) {
    const session = await repo.findLiveSessionByHash(ctx.db, sha256(sessionToken));
    if (session) await repo.revokeSession(ctx.db, session.id);
  }
  if (refreshToken) {
    const found = await repo.findRefreshToken(ctx.db, sha256(refreshToken));
    if (found) await repo.revokeSession(ctx.db, found.session.id);
  }
  liveFamilies.clear();
}

/**
 * Bearer check: a valid signature and a live family, session and account. The
 * answer is cached for a few seconds per family; changes made in this process
 * clear the cache at once, other processes see them when the entry expires.
 */
export async function authenticate(ctx: AppContext, bearer: string): Promise<AccessToken | null> {
  const claims = await verifyAccessToken(ctx.config.JWT_SECRET, bearer);
  if (!claims) return null;
  const live = await liveFamilies.check(claims.fam, () => repo.isAccessLive(ctx.db, claims.fam, claims.sub));
  return live ? claims : null;
}

/**
 * Whether an already verified token's session is still live (not revoked,
 * account not rejected or removed). Long-lived connections such as the ships
 * WebSocket ask this now and then; expiry is not re-checked, a socket outlives it.
 */
export async function isStillLive(ctx: AppContext, claims: AccessToken): Promise<boolean> {
  return liveFamilies.check(claims.fam, () => repo.isAccessLive(ctx.db, claims.fam, claims.sub));
}

/** Ends every session and token family of the user, inside the caller's transaction; call forgetLiveAccess after the commit. */
export async function endAllSessions(tx: Tx, userId: string) {
  await repo.revokeUserSessions(tx, userId);
}

/** Drops the cached bearer checks, so a revocation or an account change bites on the next request. */
export function forgetLiveAccess() {
  liveFamilies.clear();
}

/** A change ends every other session and family; the one that made it (its session and family) stays signed in. */
export async function changePassword(ctx: AppContext, caller: { userId: string; familyId: string }, body: ChangePasswordBody) {
  const user = await findUserById(ctx.db, caller.userId);
  if (!(await verifyPassword(user?.passwordHash, body.currentPassword)) || !user) {
    throw new AppError('password-incorrect', 403);
  }
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await invalidateEmailTokens(tx, user.id, 'reset');
    const sessionId = await repo.findFamilySession(tx, caller.familyId);
    if (sessionId) await repo.revokeUserSessionsExcept(tx, user.id, { sessionId, familyId: caller.familyId });
    else await repo.revokeUserSessions(tx, user.id);
  });
  liveFamilies.clear();
}

/** A fresh one-hour reset link; every older unused link of the account stops working. */
async function issueResetLink(ctx: AppContext, tx: Tx, user: { id: string; email: string }) {
  const token = randomToken();
  await invalidateEmailTokens(tx, user.id, 'reset');
  await insertEmailToken(tx, {
    userId: user.id,
    kind: 'reset',
    email: user.email,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_S * 1000),
  });
  return `${ctx.config.PUBLIC_URL}/reset-password?t=${token}&e=${encodeURIComponent(user.email)}`;
}

/** Known or not, the answer is the same: only the owner of a real account gets a mail. */
export async function requestPasswordReset(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.deleted) return;
  await withMail(ctx, async (tx, queueMail) => {
    const link = await issueResetLink(ctx, tx, user);
    await queueMail(composeMail(user.email, 'resetPassword', { name: user.firstName, link }, user.language));
  });
}

/** A reset lifts every lock on the account and signs every device out; the link works once. */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody) {
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, 'reset', sha256(body.passwordResetToken));
    const user = row && row.email === body.email ? await findUserById(tx, row.userId) : undefined;
    if (!user || user.deleted || user.email !== row?.email) throw new AppError('invalid-token', 400);
    await updateUser(tx, user.id, { passwordHash });
    await invalidateEmailTokens(tx, user.id, 'reset');
    await repo.clearLoginFailures(tx, user);
    await repo.revokeUserSessions(tx, user.id);
  });
  liveFamilies.clear();
}
