import type { Tx } from '../../db/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import * as repo from './users.repository.ts';
import type { UserWithOrg } from './users.repository.ts';

/**
 * Ban, unban and delete, inside the caller's transaction (the operator module
 * adds the end of the sessions and the audit row to the same one). The row is
 * locked first, so two operators acting on one account do not interleave.
 */
async function lockLive(tx: Tx, id: string): Promise<UserWithOrg> {
  const user = await repo.lockUserById(tx, id);
  if (!user) throw notFound();
  // A deleted account is gone for good: nothing to ban, unban or delete again.
  if (user.deleted) throw new AppError('conflict', 409, { reason: 'user-deleted' });
  return user;
}

export async function ban(tx: Tx, id: string) {
  const user = await lockLive(tx, id);
  if (user.banned) throw new AppError('conflict', 409, { reason: 'user-banned' });
  await repo.updateUser(tx, id, { banned: true });
  return { before: user, after: (await repo.findUserById(tx, id))! };
}

export async function unban(tx: Tx, id: string) {
  const user = await lockLive(tx, id);
  if (!user.banned) throw new AppError('conflict', 409, { reason: 'user-not-banned' });
  await repo.updateUser(tx, id, { banned: false });
  return { before: user, after: (await repo.findUserById(tx, id))! };
}

/** The address a deleted account keeps: unique (the column is), unroutable (.invalid, RFC 2606), and about no one. */
export const deletedEmail = (id: string) => `deleted-${id}@deleted.invalid`;

/**
 * Soft delete: the row stays (orders, listings and the audit list point at it)
 * and shows as Deleted user, but the person's data leaves it: names, e-mail,
 * phone, bio, password and the identity-provider link. Open e-mail links die too.
 * A banned flag stays as it was: the history of the account is in the audit list.
 */
export async function softDelete(tx: Tx, id: string) {
  const user = await lockLive(tx, id);
  await repo.updateUser(tx, id, {
    deleted: true,
    firstName: '',
    lastName: '',
    email: deletedEmail(id),
    emailVerified: false,
    phone: null,
    bio: null,
    passwordHash: null,
    idpId: null,
    idpSubject: null,
  });
  await repo.forgetEmailOfUser(tx, id, deletedEmail(id));
  return { before: user, after: (await repo.findUserById(tx, id))! };
}
