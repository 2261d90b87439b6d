/**
 * The contract schemas the vessels feature checks answers against. Reached only
 * through `vesselsResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request instead of holding up the page's first render.
 */
export { aisStatusResponseSchema, currentPortCallResponseSchema, shipDetailsSchema, shipSearchResponseSchema } from '@harbor/contracts';
