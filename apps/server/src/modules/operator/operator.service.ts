import type { OperatorUserRow, UserStatus } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authService } from '../auth/index.ts';
import { listOutbox, withMail } from '../notifications/index.ts';
import { listUsersByStatus, usersService, type UserWithOrg } from '../users/index.ts';

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
    createdAt: u.createdAt.toISOString(),
  };
}

export async function listUsers(ctx: AppContext, status?: UserStatus) {
  const rows = await listUsersByStatus(ctx.db, status);
  return rows.map((r) => toRow({ ...r.users, organization: r.organizations }));
}

/**
 * The decision, the end of the account's sessions and the e-mail commit in one
 * transaction or not at all. Tokens minted before the decision carry the old
 * state, so every session ends whatever was decided (a pending account has none).
 */
export async function decide(ctx: AppContext, id: string, decision: 'approved' | 'rejected', opts: { limited?: boolean; reason?: string }) {
  const user = await withMail(ctx, async (tx, queueMail) => {
    const reviewed = await usersService.review(ctx, tx, id, decision, opts, queueMail);
    await authService.endAllSessions(tx, id);
    return reviewed;
  });
  authService.forgetLiveAccess();
  return toRow(user);
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
