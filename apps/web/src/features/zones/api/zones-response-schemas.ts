/**
 * The contract schemas the zones feature checks answers against. Reached only
 * through `zonesResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request instead of holding up the page's first render.
 */
export { portFeatureSchema, zoneFeatureCollectionSchema } from '@harbor/contracts';
