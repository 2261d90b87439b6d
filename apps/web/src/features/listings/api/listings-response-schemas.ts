/**
 * The contract schemas the listings feature checks answers against. Reached
 * only through `listingsResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request instead of holding up the page's first render.
 */
export {
  availabilityExceptionListSchema,
  availabilityExceptionSchema,
  imageAssetSchema,
  listingListSchema,
  listingPageSchema,
  listingSchema,
  listingWriteResponseSchema,
  orderLineResponseSchema,
  publicConfigSchema,
  stockResponseSchema,
} from '@harbor/contracts';

