import { maskToRoles, type CurrentUser, type User } from '@harbor/contracts';
import type { UserWithOrg } from './users.repository.ts';

type NameFields = Pick<UserWithOrg, 'firstName' | 'lastName' | 'deleted' | 'banned'>;

/** Display name falls back to the deleted label, then the banned label (seller spec section 3). */
export function displayName(u: NameFields): string {
  if (u.deleted) return 'Deleted user';
  if (u.banned) return 'Banned user';
  return `${u.firstName} ${u.lastName}`.trim();
}

export function abbreviatedName(u: NameFields): string {
  if (u.deleted || u.banned) return '';
  return `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase();
}

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
