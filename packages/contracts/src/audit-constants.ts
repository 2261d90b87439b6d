/**
 * The operator audit list's actions and targets, zod-free so the console's filter
 * can list them without loading any schema.
 */

/** Everything an operator does, recorded in the audit list. */
export const AUDIT_ACTIONS = [
  'user.approve',
  'user.reject',
  'user.ban',
  'user.unban',
  'user.delete',
  'listing.approve',
  'listing.reject',
  'listing.complete-deletion',
  'transaction.cancel',
  'transaction.resolve-dispute',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = ['user', 'listing', 'transaction'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
