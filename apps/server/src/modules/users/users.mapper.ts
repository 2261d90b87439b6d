import { sql, type SQLWrapper } from 'drizzle-orm';
import { maskToRoles, type CurrentUser, type User } from '@harbor/contracts';
import type { UserWithOrg } from './users.repository.ts';

type NameFields = Pick<UserWithOrg, 'firstName' | 'lastName' | 'deleted' | 'banned'>;

/** Display name falls back to the deleted label, then the banned label (seller spec section 3). */
export function displayName(u: NameFields): string {
  if (u.deleted) return 'Deleted user';
  if (u.banned) return 'Banned user';
  return `${u.firstName} ${u.lastName}`.trim();
}

/** A name's first character: a whole code point (an emoji or a rare CJK name is not cut in half). */
const initial = (name: string) => (name ? String.fromCodePoint(name.codePointAt(0)!) : '');

export function abbreviatedName(u: NameFields): string {
  if (u.deleted || u.banned) return '';
  return `${initial(u.firstName)}${initial(u.lastName)}`.toUpperCase();
}

/** A users table (or an alias of it), for the names the database writes into JSON it builds. */
type NameColumns = Record<'firstName' | 'lastName' | 'deleted' | 'banned', SQLWrapper>;

/**
 * `displayName` and `abbreviatedName` written by the database (the orders list builds its
 * rows there). The same rules; first names and last names are trimmed and not empty, so
 * `trim` has only the separator to remove. `upper` and `toUpperCase` differ only on
 * characters no name starts with (ß).
 */
export const displayNameSql = (u: NameColumns) =>
  sql<string>`case when ${u.deleted} then 'Deleted user' when ${u.banned} then 'Banned user' else btrim(${u.firstName} || ' ' || ${u.lastName}) end`;
export const abbreviatedNameSql = (u: NameColumns) =>
  sql<string>`case when ${u.deleted} or ${u.banned} then '' else upper(left(${u.firstName}, 1) || left(${u.lastName}, 1)) end`;

export function toPublicUser(u: UserWithOrg): User {
  return {
    id: u.id,
    displayName: displayName(u),
    abbreviatedName: abbreviatedName(u),
    bio: u.deleted || u.banned ? null : u.bio,
    banned: u.banned,
    deleted: u.deleted,
    profileImage: null,
    metadata: { logoUrl: null },
    roles: maskToRoles(u.organization.roles),
  };
}

export function toCurrentUser(u: UserWithOrg): CurrentUser {
  return {
    ...toPublicUser(u),
    email: u.email,
    emailVerified: u.emailVerified,
    firstName: u.firstName,
    lastName: u.lastName,
    phoneNumber: u.phone,
    stripeConnected: false,
    status: u.status,
    defaultPort: u.defaultPort,
    organization: { id: u.organization.id, name: u.organization.name, roles: u.organization.roles },
    scopes: u.scopes,
    language: u.language,
    messageEmails: u.messageEmails,
  };
}
