export { messagesRoutes } from './messages.routes.ts';
/** The enquire transition writes its text as the thread's first message, in its own database transaction. */
export { recordEnquiryMessage } from './messages.service.ts';
export { transactionMessages, transactionMessageReads } from './messages.schema.ts';
