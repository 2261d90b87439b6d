import { z } from 'zod';
import { availabilityExceptionSchema, listingSchema } from '@harbor/contracts';

/**
 * The contract schemas the listings feature checks answers against. Reached
 * only through `listingsResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request instead of holding up the page's first render.
 */
export {
  availabilityExceptionSchema,
  imageAssetSchema,
  listingPageSchema,
  listingSchema,
  listingWriteResponseSchema,
  orderLineResponseSchema,
  publicConfigSchema,
  stockResponseSchema,
} from '@harbor/contracts';

/** GET /api/listings/{id}/alternatives. */
export const alternativesSchema = z.object({ data: z.array(listingSchema) });
/** GET /api/listings/{id}/availability-exceptions. */
export const exceptionListSchema = z.object({ data: z.array(availabilityExceptionSchema) });
