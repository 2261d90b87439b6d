import {
  MAX_VERIFICATION_EMAILS_PER_DAY,
  rolesToMask,
  type ChangeEmailBody,
  type CreateUserWithIdpBody,
  type RegisterBody,
  type ServiceRequestBody,
  type UpdateProfileBody,
  DAY_MS,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Tx } from '../../db/index.ts';
import { composeMail, type Mail } from '../notifications/index.ts';
import * as repo from './users.repository.ts';
import { toCurrentUser, toPublicUser } from './users.mapper.ts';
// The payout account's table only (not the payments module, which needs users itself): whether the user has one.

const VERIFY_TTL_MS = 3 * DAY_MS;

type SignupFields = Omit<RegisterBody, 'password'>;

/**
 * Creates the organization and its first user, waiting for manual approval.
 * The e-mail is unique; a concurrent duplicate loses on the unique index and
 * gets the same email-taken answer.
 */
async function createPendingUser(
  ctx: AppContext,
  fields: SignupFields,
  extra: { passwordHash: string | null; idpId?: string; idpSubject?: string; emailVerified?: boolean },
) {
  if (await repo.findUserByEmail(ctx.db, fields.email)) throw new AppError('email-taken', 409);
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const org = await repo.insertOrganization(tx, {
        name: fields.companyName,
        businessId: fields.businessId,
        websiteUrl: fields.webAddress,
        roles: rolesToMask(fields.roles),
      });
      return repo.insertUser(tx, {
        organizationId: org.id,
        email: fields.email,
        passwordHash: extra.passwordHash,
        firstName: fields.firstName,
        lastName: fields.lastName,
        phone: fields.phone,
        defaultPort: fields.defaultPort,
        ...(fields.language && { language: fields.language }),
        status: 'pending',
        emailVerified: extra.emailVerified ?? false,
        idpId: extra.idpId,
        idpSubject: extra.idpSubject,
      });
    });
    await notifyOperator(ctx, fields);
    if (!user.emailVerified) await sendVerification(ctx, user.id, { ignoreLimit: true });
    return { id: user.id, status: user.status };
  } catch (err) {
    if (String((err as { cause?: unknown }).cause ?? err).includes('users_email_unique')) {
      throw new AppError('email-taken', 409);
    }
    throw err;
  }
}

async function notifyOperator(ctx: AppContext, fields: SignupFields) {
  const to = ctx.config.OPERATOR_EMAIL;
  if (!to) return;
  await ctx.mailer.send(
    composeMail(to, 'newRegistration', {
      name: `${fields.firstName} ${fields.lastName}`,
      email: fields.email,
      company: fields.companyName,
      link: `${ctx.config.PUBLIC_URL}/operator`,
    }),
  );
}

export async function register(ctx: AppContext, body: RegisterBody) {
  const { password, ...fields } = body;
  return createPendingUser(ctx, fields, { passwordHash: await hashPassword(password) });
}

export async function registerWithIdp(
  ctx: AppContext,
  body: CreateUserWithIdpBody,
  identity: { subject: string; email: string; emailVerified: boolean },
) {
  if (identity.email !== body.email) {
    throw new AppError('validation-invalid-params', 400, {
      invalidParams: [{ path: 'body.email', message: 'validation.email' }],
    });
  }
  const { idpId, idpToken: _token, ...fields } = body;
  return createPendingUser(ctx, fields, {
    passwordHash: null,
    idpId,
    idpSubject: identity.subject,
    emailVerified: identity.emailVerified,
  });
}

export async function requireUser(ctx: AppContext, id: string) {
  const user = await repo.findUserById(ctx.db, id);
  if (!user) throw notFound();
  return user;
}

export async function getCurrentUser(ctx: AppContext, id: string) {
  const user = await repo.findCurrentUserById(ctx.db, id);
  if (!user) throw notFound();
  // stripeConnected (seller spec section 4): the user has a payout account at the payment provider.
  return { ...toCurrentUser(user), stripeConnected: user.hasPayoutAccount };
}

export async function getPublicUser(ctx: AppContext, id: string) {
  return toPublicUser(await requireUser(ctx, id));
}

export async function updateProfile(ctx: AppContext, id: string, body: UpdateProfileBody) {
  await repo.updateUser(ctx.db, id, {
    ...(body.firstName !== undefined && { firstName: body.firstName }),
    ...(body.lastName !== undefined && { lastName: body.lastName }),
    ...(body.bio !== undefined && { bio: body.bio }),
    ...(body.phoneNumber !== undefined && { phone: body.phoneNumber }),
    ...(body.defaultPort !== undefined && { defaultPort: body.defaultPort }),
    ...(body.language !== undefined && { language: body.language }),
    ...(body.messageEmails !== undefined && { messageEmails: body.messageEmails }),
  });
  return getCurrentUser(ctx, id);
}

export async function changeEmail(ctx: AppContext, id: string, body: ChangeEmailBody) {
  const user = await requireUser(ctx, id);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) throw new AppError('password-incorrect', 403);
  if (body.email !== user.email) {
    const other = await repo.findUserByEmail(ctx.db, body.email);
    if (other) throw new AppError('email-taken', 409);
    await repo.updateUser(ctx.db, id, { email: body.email, emailVerified: false });
    await sendVerification(ctx, id, { ignoreLimit: true });
  }
  return getCurrentUser(ctx, id);
}

/** At most five verification mails a day, so the address owner cannot be spammed. */
export async function sendVerification(ctx: AppContext, id: string, opts: { ignoreLimit?: boolean } = {}) {
  const user = await requireUser(ctx, id);
  if (!opts.ignoreLimit) {
    const sent = await repo.countEmailTokensSince(ctx.db, id, 'verify', new Date(Date.now() - DAY_MS));
    if (sent >= MAX_VERIFICATION_EMAILS_PER_DAY) throw new AppError('email-too-many-verification-requests', 429);
  }
  const token = randomToken();
  await repo.insertEmailToken(ctx.db, {
    userId: id,
    kind: 'verify',
    email: user.email,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
  });
  await ctx.mailer.send(
    composeMail(user.email, 'verifyEmail', {
      name: user.firstName,
      link: `${ctx.config.PUBLIC_URL}/verify-email?t=${token}`,
    }, user.language),
  );
}

export async function verifyEmail(ctx: AppContext, id: string, token: string) {
  const row = await repo.consumeEmailToken(ctx.db, 'verify', sha256(token));
  const user = await requireUser(ctx, id);
  // A token minted for an earlier address must not verify the new one.
  if (!row || row.userId !== id || row.email !== user.email) throw new AppError('invalid-token', 400);
  await repo.updateUser(ctx.db, id, { emailVerified: true });
  return getCurrentUser(ctx, id);
}

export async function serviceRequest(ctx: AppContext, body: ServiceRequestBody, userId?: string) {
  await repo.insertServiceRequest(ctx.db, { ...body, userId });
  const to = ctx.config.OPERATOR_EMAIL;
  if (to) {
    await ctx.mailer.send(
      composeMail(to, 'serviceRequest', { ...body, tag: body.tag ?? '-' } as Record<string, string>),
    );
  }
}

/**
 * Operator decisions: approval grants sign-in; `limited` makes a limited-rights
 * account. Runs inside the caller's transaction and queues its e-mail there, so
 * the decision and the mail commit together.
 */
export async function review(
  ctx: AppContext,
  tx: Tx,
  id: string,
  decision: 'approved' | 'rejected',
  opts: { limited?: boolean; reason?: string },
  queueMail: (mail: Mail) => Promise<void>,
) {
  const user = await repo.findUserById(tx, id);
  if (!user) throw notFound();
  // A deleted account has no one left to approve or tell.
  if (user.deleted) throw new AppError('conflict', 409, { reason: 'user-deleted' });
  const scopes = decision === 'approved' ? (opts.limited ? ['limited'] : ['user']) : user.scopes;
  await repo.updateUser(tx, id, { status: decision, scopes, reviewedAt: new Date() });
  const vars = {
    name: user.firstName,
    link: `${ctx.config.PUBLIC_URL}/login`,
    reason: opts.reason ? `\n\n${opts.reason}` : '',
  };
  await queueMail(composeMail(user.email, decision, vars, user.language));
  return (await repo.findUserById(tx, id))!;
}
