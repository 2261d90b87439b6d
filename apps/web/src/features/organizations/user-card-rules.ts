import type { TFunction } from 'i18next';
import type { User } from '@harbor/contracts';

/** Bio truncation (seller spec section 9). */
export const BIO_MAX = 170;

export function truncateBio(bio: string, max = BIO_MAX): string {
  return bio.length <= max ? bio : `${bio.slice(0, max).trimEnd()}…`;
}

/** Display name falls back to a deleted label, then a banned label. */
export function displayNameOf(user: Pick<User, 'displayName' | 'deleted' | 'banned'>, t: TFunction): string {
  if (user.deleted) return t('organizations:userCard.deletedUser');
  if (user.banned) return t('organizations:userCard.bannedUser');
  return user.displayName;
}
