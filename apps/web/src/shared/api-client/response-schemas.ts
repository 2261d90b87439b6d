/**
 * The contract schemas the app shell checks answers against (tokens, errors,
 * the users). Reached only through `responseSchemas()`, so zod and these
 * contracts load beside the first API call instead of holding up the first
 * render of every page.
 */
export { apiErrorsSchema, currentUserSchema, tokenResponseSchema, userSchema } from '@harbor/contracts';
