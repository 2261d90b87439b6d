export { attachmentsRoutes } from './attachments.routes.ts';
/** The transaction's attachments for a caller already allowed to see it (the transactions module's single read). */
export { attachmentsOf, attachmentsOfMany } from './attachments.service.ts';
export { localAttachmentStore, type AttachmentStore } from './attachments.store.ts';
export { transactionAttachments } from './attachments.schema.ts';
