/**
 * The contract schemas the messages feature checks answers against, reached
 * only through `messagesResponseSchemas()` so zod loads beside the request.
 */
export { attachmentListSchema, attachmentResponseSchema, messagePageSchema, messageResponseSchema, unreadMessagesResponseSchema } from '@harbor/contracts';
