/**
 * The contract schemas the carts feature checks answers against. Reached only
 * through `cartsResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request instead of with the top bar, which shows
 * the cart menu on every page.
 */
export { cartCreateResponseSchema, cartListSchema, cartSchema, cartTemplateListSchema, cartTemplateSaveResponseSchema } from '@harbor/contracts';
