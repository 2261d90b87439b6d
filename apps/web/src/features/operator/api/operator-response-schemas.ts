/**
 * The contract schemas the operator feature checks answers against. Reached only
 * through `operatorResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request instead of holding up the page's first render.
 */
export { operatorUserRowSchema, outboxMailSchema } from '@harbor/contracts';
