/**
 * The contract schemas the auth feature checks answers against. Reached only
 * through `authResponseSchemas()`, so zod loads beside the request instead of
 * with the page.
 */
export { registerResponseSchema } from '@harbor/contracts';
