/**
 * The contract schemas the operator feature checks answers against. Reached only
 * through `operatorResponseSchemas()` (lazy-schemas.ts), so zod and these
 * contracts load beside the request instead of holding up the page's first render.
 */
export { auditPageSchema, operatorUserPageSchema, operatorUserRowSchema, outboxMailSchema, transactionPageSchema, transactionResponseSchema } from '@harbor/contracts';
