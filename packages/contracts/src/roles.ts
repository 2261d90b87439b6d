/** Organization roles as bit flags (spec: Buyer 1, Seller 2, CatalogPresence 4, Authority 8, Harbor 16). */
export const OrgRole = {
  Buyer: 1,
  Seller: 2,
  CatalogPresence: 4,
  Authority: 8,
  Harbor: 16,
} as const;
export type OrgRoleName = keyof typeof OrgRole;
export const ORG_ROLE_NAMES = Object.keys(OrgRole) as OrgRoleName[];
/** Roles a person may pick at sign-up; Authority and Harbor are granted by the operator. */
export const SIGNUP_ROLES = ['Buyer', 'Seller', 'CatalogPresence'] as const satisfies readonly OrgRoleName[];

export function hasRole(mask: number, role: OrgRoleName): boolean {
  return (mask & OrgRole[role]) !== 0;
}

export function rolesToMask(roles: readonly OrgRoleName[]): number {
  return roles.reduce((mask, r) => mask | OrgRole[r], 0);
}

export function maskToRoles(mask: number): OrgRoleName[] {
  return ORG_ROLE_NAMES.filter((r) => hasRole(mask, r));
}

/**
 * Token scopes. A user holding only `limited` sees the limited-rights banner and
 * may not change marketplace data; `operator` opens the operator console.
 */
export const Scope = {
  user: 'user',
  limited: 'limited',
  operator: 'operator',
} as const;
export type ScopeName = (typeof Scope)[keyof typeof Scope];

export function isLimitedOnly(scopes: readonly string[]): boolean {
  return scopes.length === 1 && scopes[0] === Scope.limited;
}
