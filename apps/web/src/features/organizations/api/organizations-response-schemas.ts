/**
 * The contract schemas the organizations feature checks answers against. Reached only
 * through `organizationsResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request instead of holding up the page's first render.
 */
export { organizationListSchema, organizationPortListSchema, organizationPortSchema, organizationSchema } from '@harbor/contracts';
