/**
 * The contract schemas the transactions feature checks answers against.
 * Reached only through `transactionsResponseSchemas()` (lazy-schemas.ts), so
 * zod and these contracts load beside the request, not before the first render.
 */
export { lineItemsResponseSchema, salesNotificationsResponseSchema, transactionPageSchema, transactionResponseSchema } from '@harbor/contracts';
