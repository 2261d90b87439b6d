import type { Currency, ImageAsset, Listing, PublicData } from '@harbor/contracts';
import type { Tx } from '../../db/index.ts';
import { toImageAsset } from '../images/index.ts';
import { abbreviatedName, displayName } from '../users/index.ts';
import { imagesOf, type JoinedListing, type ListingRow } from './listings.repository.ts';

/** The searchable columns and the jsonb rest, joined back into the contract's publicData. */
export function publicDataOf(row: ListingRow): PublicData {
  return {
    ...row.extra,
    port: row.port ?? undefined,
    categories: row.categories as PublicData['categories'],
    isVisible: row.isVisible,
    isActive: row.isActive,
    availability: row.availableFrom && row.availableTo ? { from: row.availableFrom, to: row.availableTo } : null,
  };
}

/** Ordering needs the listing live, active and past any scheduled availabilityDate. */
export function isOrderable(row: ListingRow, now = Date.now()): boolean {
  const at = row.extra.availabilityDate ? Date.parse(row.extra.availabilityDate) : null;
  return row.state === 'published' && row.isActive && !row.deleteRequestedAt && !row.deleted && (at === null || at <= now);
}

function toListing(j: JoinedListing, images: ImageAsset[], logo: ImageAsset | null): Listing {
  const row = j.listing;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    state: row.state,
    geolocation: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    price: row.priceAmount !== null && row.priceCurrency ? { amount: row.priceAmount, currency: row.priceCurrency as Currency } : null,
    publicData: publicDataOf(row),
    availabilityPlan: row.availabilityPlan ?? null,
    deleted: row.deleted,
    deletionRequested: row.deleteRequestedAt !== null,
    currentStock: row.currentStock,
    orderable: isOrderable(row),
    images,
    author: { id: j.author.id, displayName: displayName(j.author), abbreviatedName: abbreviatedName(j.author) },
    organization: { id: j.org.id, name: j.org.name, logo },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Cards use the row's own card image and logo; a full listing loads all its images in one more query. */
export async function hydrate(db: Tx, rows: JoinedListing[], opts: { firstImageOnly?: boolean } = {}): Promise<Listing[]> {
  const byListing = new Map<string, ImageAsset[]>();
  if (!opts.firstImageOnly) {
    for (const img of await imagesOf(db, rows.map((r) => r.listing.id))) {
      const list = byListing.get(img.listingId) ?? [];
      list.push(toImageAsset(img));
      byListing.set(img.listingId, list);
    }
  }
  return rows.map((r) => {
    const images = opts.firstImageOnly ? (r.cardImage ? [toImageAsset(r.cardImage)] : []) : (byListing.get(r.listing.id) ?? []);
    return toListing(r, images, r.logo ? toImageAsset(r.logo) : null);
  });
}
