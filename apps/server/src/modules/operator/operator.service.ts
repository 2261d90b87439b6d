import { pageMeta, type AuditQuery, type OperatorTransactionsQuery, type OperatorUserPage, type OperatorUserRow, type OperatorUsersQuery } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { forbidden } from '../../plugins/errors.ts';
import { forgetTargetLabel, listAudit, recordAudit } from '../audit/index.ts';
import { authService, type AccessToken } from '../auth/index.ts';
import { listOutbox, withMail } from '../notifications/index.ts';
import { listTransactionsForOperator } from '../transactions/index.ts';
import { displayName, searchUsers, usersModeration, usersService, type UserWithOrg } from '../users/index.ts';

type Auth = Pick<AccessToken, 'sub' | 'scopes'>;

function toRow(u: UserWithOrg): OperatorUserRow {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    companyName: u.organization.name,
    businessId: u.organization.businessId ?? '',
    webAddress: u.organization.websiteUrl,
    phone: u.phone,
    defaultPort: u.defaultPort,
    roles: u.organization.roles,
    status: u.status,
    displayName: displayName(u),
    banned: u.banned,
    deleted: u.deleted,
    createdAt: u.createdAt.toISOString(),
  };
}

/** How the audit list names a user: the real name and address, as the operator saw them when acting. */
const userLabel = (u: UserWithOrg) => `${u.firstName} ${u.lastName} <${u.email}>`.trim();

export async function listUsers(ctx: AppContext, q: OperatorUsersQuery): Promise<OperatorUserPage> {
  const { rows, total } = await searchUsers(ctx.db, q);
  return {
    data: rows.map(toRow),
    meta: pageMeta(q.page, q.perPage, total),
  };
}

/**
 * The decision, the end of the account's sessions, the e-mail and the audit
 * row commit in one transaction or not at all. Tokens minted before the
 * decision carry the old state, so every session ends whatever was decided
 * (a pending account has none).
 */
export async function decide(ctx: AppContext, auth: Auth, id: string, decision: 'approved' | 'rejected', opts: { limited?: boolean; reason?: string }) {
  const user = await withMail(ctx, async (tx, queueMail) => {
    const reviewed = await usersService.review(ctx, tx, id, decision, opts, queueMail);
    await authService.endAllSessions(tx, id);
    await recordAudit(tx, {
      actorId: auth.sub,
      action: decision === 'approved' ? 'user.approve' : 'user.reject',
      targetType: 'user',
      targetId: id,
      targetLabel: userLabel(reviewed),
      reason: opts.reason,
      details: decision === 'approved' ? { limited: opts.limited ?? false } : {},
    });
    return reviewed;
  });
  authService.forgetLiveAccess();
  return toRow(user);
}

/** An operator does not ban or delete their own account: the console would lock out the one using it. */
function refuseSelf(auth: Auth, id: string) {
  if (auth.sub === id) throw forbidden({ reason: 'own-account' });
}

/**
 * One moderation step: the account change, the end of every session and token
 * family, and the audit row in one database transaction; then this process's
 * bearer cache is dropped, so the user's tokens fail on their next request.
 * The spec sends no e-mail on a ban or a deletion, so there is no outbox row.
 */
async function moderate(
  ctx: AppContext,
  auth: Auth,
  id: string,
  action: 'user.ban' | 'user.unban' | 'user.delete',
  reason: string | undefined,
  change: (tx: Tx) => Promise<{ before: UserWithOrg; after: UserWithOrg }>,
) {
  const user = await ctx.db.transaction(async (tx) => {
    const { before, after } = await change(tx);
    if (action !== 'user.unban') await authService.endAllSessions(tx, id);
    // After a deletion no audit row keeps the person's name or address (the list shows Deleted user).
    const deleting = action === 'user.delete';
    if (deleting) await forgetTargetLabel(tx, 'user', id, null);
    await recordAudit(tx, { actorId: auth.sub, action, targetType: 'user', targetId: id, targetLabel: deleting ? null : userLabel(before), reason });
    return after;
  });
  authService.forgetLiveAccess();
  return toRow(user);
}

export function ban(ctx: AppContext, auth: Auth, id: string, reason: string) {
  refuseSelf(auth, id);
  return moderate(ctx, auth, id, 'user.ban', reason, (tx) => usersModeration.ban(tx, id));
}

export function unban(ctx: AppContext, auth: Auth, id: string, reason?: string) {
  return moderate(ctx, auth, id, 'user.unban', reason, (tx) => usersModeration.unban(tx, id));
}

export function deleteUser(ctx: AppContext, auth: Auth, id: string, reason: string) {
  refuseSelf(auth, id);
  return moderate(ctx, auth, id, 'user.delete', reason, (tx) => usersModeration.softDelete(tx, id));
}

export function transactions(ctx: AppContext, auth: Auth, q: OperatorTransactionsQuery) {
  return listTransactionsForOperator(ctx, auth, q);
}

export function audit(ctx: AppContext, q: AuditQuery) {
  return listAudit(ctx, q);
}

export async function outbox(ctx: AppContext) {
  const rows = await listOutbox(ctx.db);
  return rows.map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
  }));
}
