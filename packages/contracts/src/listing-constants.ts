/**
 * Zod-free listing constants and rules: the enums, limits and the pricing-type
 * rule pages need at render time. The web app imports them through
 * '@harbor/contracts/listing-constants' without loading zod; listings.ts builds
 * its schemas from them and re-exports them.
 */

/** Marketplace listings: buyer spec section 3 Listing and seller spec section 3 Listing. */
export const LISTING_STATES = ['draft', 'pendingApproval', 'published', 'closed'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** The 23 unit options, in the order the editor offers them. */
export const LISTING_UNITS = [
  'unit', 'person', 'minute', 'hour', 'day', 'meter', 'kilometer', 'nautical-mile', 'gram', 'kilogram',
  'metric-ton', 'liter', 'cubic-meter', 'cubic-meter-ton', 'square-meter', 'acre', 'hectare', 'box', 'pallet',
  'container-10ft', 'container-20ft', 'container-40ft', 'container-45ft-high',
] as const;
export type ListingUnit = (typeof LISTING_UNITS)[number];

/**
 * Port-service categories. The spec says "19 plus all" but enumerates 17 physical
 * and 3 digital ones; we keep every enumerated one rather than guess which to drop.
 */
export const PHYSICAL_CATEGORIES = [
  'arrival-and-departure', 'cargo-handling', 'classification', 'energy', 'waste', 'husbandry', 'supplies',
  'technical', 'container', 'stevedoring', 'shipping', 'freight-forwarding', 'land-equipment-maintenance', 'crew',
  'security', 'authorities', 'other',
] as const;
export const DIGITAL_CATEGORIES = ['vessel-eta', 'vessel-events', 'vessel-navigation-apis'] as const;
export const SERVICE_CATEGORIES = [...PHYSICAL_CATEGORIES, ...DIGITAL_CATEGORIES] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];
/** Pseudo-category of the port services page and search: no category filter. */
export const ALL_CATEGORIES = 'all';

export const PRODUCT_TYPES = ['physical_service', 'digital_service'] as const;
export const DELIVERY_TIME_UNITS = ['hours', 'days'] as const;
export const DISCOUNT_TYPES = ['PERCENT', 'FIXED_AMOUNT'] as const;
export const PRICING_TYPES = ['FIXED', 'RFQ'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];
export const DELIVERY_METHODS = ['basic', 'expedited'] as const;
export const DAYS_OF_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const LISTING_SORTS = ['relevance', 'newest', 'oldest', 'price-asc', 'price-desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const SEARCH_PER_PAGE = 24;
export const OWN_LISTINGS_PER_PAGE = 42;
export const MAX_PER_PAGE = 100;
export const ALTERNATIVE_LISTINGS_MAX = 6;
export const AVAILABILITY_WINDOW_DAYS = 90;
export const MIN_LISTING_PRICE = 0;
/** Not given by the spec; long enough for any real service name. */
export const LISTING_TITLE_MAX = 200;
export const LISTING_DELETION_HOURS = 24;
/** Search price filter, in major units of the marketplace currency. */
export const PRICE_FILTER = { min: 0, max: 10000, step: 5 } as const;
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_MAX_DIMENSION = 3072;
/** Larger images are refused from their header, before decoding: 16 000 × 16 000 pixels would take 1 GB to decode. */
export const IMAGE_MAX_MEGAPIXELS = 50;
export const IMAGE_WIDTHS = [400, 800, 1600, 2400] as const;

/** Working hours use strict HH:MM (leading zeros), so two times compare as strings. */
export const CLOCK_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const WORKING_HOURS_NOTE_MAX = 500;

/**
 * The pricing type is the seller's choice; rfqRequired is the spec's flag that
 * carts and orders read. They must agree: RFQ means rfqRequired.
 */
export function pricingTypeOf(pd: { pricingType?: PricingType | undefined; rfqRequired?: boolean | undefined }): PricingType {
  return pd.pricingType ?? (pd.rfqRequired ? 'RFQ' : 'FIXED');
}
