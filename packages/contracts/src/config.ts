import { z } from 'zod';

/** Which search page /s shows (buyer spec section 2: "map or grid variant by configuration"). */
export const SEARCH_PAGE_VARIANTS = ['grid', 'map'] as const;
export type SearchPageVariant = (typeof SEARCH_PAGE_VARIANTS)[number];
export const searchPageVariantSchema = z.enum(SEARCH_PAGE_VARIANTS);

/**
 * GET /api/config: the server settings the web app needs at run time. Kept
 * public and tiny: the same build serves every deployment, so choices like the
 * search variant cannot be baked in at build time.
 */
export const publicConfigSchema = z.object({
  searchPageVariant: searchPageVariantSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
