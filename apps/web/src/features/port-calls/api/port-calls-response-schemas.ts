/**
 * The contract schemas the port-calls feature checks answers against. Reached only
 * through `portCallsResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request instead of holding up the page's first render.
 */
export { portCallsResponseSchema, zoneFeatureCollectionSchema } from '@harbor/contracts';
