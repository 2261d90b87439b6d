/**
 * The contract schemas the reviews feature checks answers against. Reached only
 * through `reviewsResponseSchemas()` (lazy-schemas.ts), so zod loads beside the
 * request instead of in the listing page's first load.
 */
export { reviewPageSchema } from '@harbor/contracts';
