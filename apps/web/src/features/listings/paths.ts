import { slugify } from '@harbor/contracts/text-format';

export { slugify };

/** Listing URLs; slugs follow the contracts' slug rule (seller spec section 5). */
export const listingPath = (listing: { id: string; title: string }) => `/l/${slugify(listing.title)}/${listing.id}`;
export const canonicalListingPath = (id: string) => `/l/${id}`;

export const EDITOR_TABS = ['details', 'pricing', 'delivery', 'features', 'disclaimer', 'location', 'images', 'availability', 'publish', 'delete'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];
export type EditorType = 'new' | 'draft' | 'edit';

/** The editor route /l/:slug/:id/:type/:tab; a new listing is /l/draft/00000000-0000-0000-0000-000000000000/new/details. */
export const NEW_LISTING_ID = '00000000-0000-0000-0000-000000000000';
export function editListingPath(listing: { id: string; title: string; state?: string } | null, tab: EditorTab = 'details'): string {
  if (!listing) return `/l/draft/${NEW_LISTING_ID}/new/${tab}`;
  const type: EditorType = listing.state === 'draft' ? 'draft' : 'edit';
  return `/l/${slugify(listing.title || 'draft')}/${listing.id}/${type}/${tab}`;
}

/**
 * Where payout onboarding sends the seller back to the editor
 * (/l/:slug/:id/:type/:tab/:returnURLType): the onboarding finished, or it
 * ended early or its link expired. The payouts issue builds these URLs.
 */
export const PAYOUT_RETURN_TYPES = ['success', 'failure'] as const;
export type PayoutReturnType = (typeof PAYOUT_RETURN_TYPES)[number];
export function isPayoutReturnType(value: string | undefined): value is PayoutReturnType {
  return (PAYOUT_RETURN_TYPES as readonly string[]).includes(value ?? '');
}
export function payoutReturnPath(listing: { id: string; title: string; state?: string } | null, tab: EditorTab, type: PayoutReturnType): string {
  return `${editListingPath(listing, tab)}/${type}`;
}

export function isEditorTab(value: string | undefined): value is EditorTab {
  return (EDITOR_TABS as readonly string[]).includes(value ?? '');
}

/**
 * Canonical form of a listing path: /l/:slug/:id and /l/:id stay; a path of
 * four parts (/l/:slug/:id/:something) becomes /l/{id}; /l goes to the landing page.
 */
export function canonicalizeListingPath(pathname: string): string | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'l') return null;
  if (parts.length === 1) return '/';
  if (parts.length === 4 && parts[2]) return canonicalListingPath(parts[2]);
  return null;
}
