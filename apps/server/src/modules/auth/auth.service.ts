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
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { composeMail } from '../notifications/index.ts';
import { consumeEmailToken, findUserByEmail, findUserById, insertEmailToken, updateUser } from '../users/index.ts';
import * as repo from './auth.repository.ts';
import { liveFamilies } from './live-families.ts';
import { signAccessToken, verifyAccessToken, type AccessToken } from './tokens.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Checks the password, then the account state, so a pending or rejected
 * account never learns anything without the right password. Five failures a
 * day lock the account until the day has passed (or the password is reset).
 */
export async function login(ctx: AppContext, body: LoginBody, meta: { ip: string; userAgent?: string }) {
  const user = await findUserByEmail(ctx.db, body.email);
  if (!user) throw new AppError('invalid-credentials', 401);
  const failures = await repo.countLoginFailuresSince(ctx.db, user.id, new Date(Date.now() - DAY_MS));
  if (failures >= MAX_FAILED_LOGINS_PER_DAY) throw new AppError('too-many-login-attempts', 429);
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await repo.recordLoginFailure(ctx.db, user.id, meta.ip);
    throw new AppError('invalid-credentials', 401, { attemptsLeft: MAX_FAILED_LOGINS_PER_DAY - failures - 1 });
  }
  if (user.deleted) throw new AppError('invalid-credentials', 401);
  if (user.banned) throw new AppError('user-banned', 403);
  if (user.status === 'pending') throw new AppError('user-pending-approval', 403);
  if (user.status === 'rejected') throw new AppError('user-rejected', 403);
  await repo.clearLoginFailures(ctx.db, user.id);
  const sessionToken = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_S * 1000);
  await repo.insertSession(ctx.db, {
    userId: user.id,
    tokenHash: sha256(sessionToken),
    ip: meta.ip,
    userAgent: meta.userAgent,
    expiresAt,
  });
  return { sessionToken, expiresAt };
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
export async function refresh(ctx: AppContext, refreshToken: string): Promise<TokenResponse> {
  const found = await repo.findRefreshToken(ctx.db, sha256(refreshToken));
  if (!found) throw new AppError('invalid-token', 400);
  const { token, family, session } = found;
  const dead = family.revokedAt || session.revokedAt || session.expiresAt < new Date() || token.expiresAt < new Date();
  if (dead) throw new AppError('invalid-token', 400);
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

/** Bearer check: a valid signature and a live family and session. */
export async function authenticate(ctx: AppContext, bearer: string): Promise<AccessToken | null> {
  const claims = await verifyAccessToken(ctx.config.JWT_SECRET, bearer);
  if (!claims) return null;
  const live = await liveFamilies.check(claims.fam, () => repo.isFamilyLive(ctx.db, claims.fam));
  return live ? claims : null;
}

export async function changePassword(ctx: AppContext, userId: string, body: ChangePasswordBody) {
  const user = await findUserById(ctx.db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError('password-incorrect', 403);
  }
  await updateUser(ctx.db, userId, { passwordHash: await hashPassword(body.newPassword) });
}

export async function requestPasswordReset(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.deleted) throw new AppError('email-not-found', 404);
  const token = randomToken();
  await insertEmailToken(ctx.db, {
    userId: user.id,
    kind: 'reset',
    email: user.email,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_S * 1000),
  });
  const link = `${ctx.config.PUBLIC_URL}/reset-password?t=${token}&e=${encodeURIComponent(user.email)}`;
  await ctx.mailer.send(composeMail(user.email, 'resetPassword', { name: user.firstName, link }));
}

/** A reset also lifts the daily lock and signs every device out. */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody) {
  const row = await consumeEmailToken(ctx.db, 'reset', sha256(body.passwordResetToken));
  if (!row || row.email !== body.email) throw new AppError('invalid-token', 400);
  await updateUser(ctx.db, row.userId, { passwordHash: await hashPassword(body.newPassword) });
  await repo.clearLoginFailures(ctx.db, row.userId);
  await repo.revokeUserSessions(ctx.db, row.userId);
  liveFamilies.clear();
}
