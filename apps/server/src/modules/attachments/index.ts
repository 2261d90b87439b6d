export { attachmentsRoutes } from './attachments.routes.ts';
/** The transaction's attachments for a caller already allowed to see it (the transactions module's single read). */
export { attachmentsOf } from './attachments.service.ts';
/** A transaction's attachments built by the database inside its row (the orders list's single statement). */
export { attachmentsJsonOf } from './attachments.repository.ts';
export { localAttachmentStore, type AttachmentStore } from './attachments.store.ts';
export { transactionAttachments } from './attachments.schema.ts';
