import { z } from 'zod';
import { USER_STATUSES } from './users.ts';
import { paginationMetaSchema } from './listings.ts';
import { PROCESS_ALIASES, TRANSACTION_STATES } from './processes.ts';
import { lineText, multilineText, requiredMultilineText } from './validation.ts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-constants.ts';

/** The operator console's lists: 50 rows a page, at most 100. */
export const OPERATOR_PER_PAGE = 50;
const pageField = z.coerce.number().int().min(1).max(10_000).default(1);
const perPageField = z.coerce.number().int().min(1).max(100).default(OPERATOR_PER_PAGE);
const pageMeta = paginationMetaSchema;

export const operatorUserRowSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  businessId: z.string(),
  webAddress: z.string().nullable(),
  phone: z.string().nullable(),
  defaultPort: z.string(),
  roles: z.number().int(),
  status: z.enum(USER_STATUSES),
  /** What the product shows for the user: the name, or Banned user / Deleted user. */
  displayName: z.string(),
  banned: z.boolean(),
  deleted: z.boolean(),
  createdAt: z.string(),
});
export type OperatorUserRow = z.infer<typeof operatorUserRowSchema>;

/** Account states the console filters by: active (neither banned nor deleted), banned (not deleted), deleted. */
export const ACCOUNT_STATES = ['active', 'banned', 'deleted'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const operatorUsersQuerySchema = z.object({
  status: z.enum(USER_STATUSES).optional(),
  account: z.enum(ACCOUNT_STATES).optional(),
  q: lineText(200).optional().describe('part of the name, e-mail or organization name (case-insensitive)'),
  page: pageField,
  perPage: perPageField,
});
export type OperatorUsersQuery = z.infer<typeof operatorUsersQuerySchema>;
export const operatorUserPageSchema = z.object({ data: z.array(operatorUserRowSchema), meta: pageMeta });
export type OperatorUserPage = z.infer<typeof operatorUserPageSchema>;

/** A ban's or a deletion's reason: required, it goes into the audit list. */
export const moderationBodySchema = z.object({ reason: requiredMultilineText(2000) });
export type ModerationBody = z.infer<typeof moderationBodySchema>;
export const unbanBodySchema = z.object({ reason: multilineText(2000).optional() });

export const outboxMailSchema = z.object({
  id: z.string().uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const rejectBodySchema = z.object({ reason: multilineText(2000).optional() });

export { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-constants.ts';
export type { AuditAction, AuditTargetType } from './audit-constants.ts';

export const auditEntrySchema = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it; null when the account is gone from the database. */
  actor: z.object({ id: z.string().uuid(), displayName: z.string(), email: z.string() }).nullable(),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string().uuid(),
  /** The target as it was named then (a user's name and e-mail, a listing's title); cleared when a user is deleted. */
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  targetId: z.string().uuid().optional(),
  page: pageField,
  perPage: perPageField,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), meta: pageMeta });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/operator/transactions: every transaction, by state and process, newest first. */
export const operatorTransactionsQuerySchema = z.object({
  state: z.enum(TRANSACTION_STATES).optional(),
  processAlias: z.enum(PROCESS_ALIASES).optional(),
  page: pageField,
  perPage: perPageField,
});
export type OperatorTransactionsQuery = z.infer<typeof operatorTransactionsQuerySchema>;
