import { sql, type SQLWrapper } from 'drizzle-orm';

/** Where an attachment is downloaded; the database writes the same into the JSON it builds. */
export const attachmentUrl = (transactionId: string, id: string) => `/api/transactions/${transactionId}/attachments/${id}`;
export const attachmentUrlSql = (transactionId: SQLWrapper, id: SQLWrapper) => sql<string>`'/api/transactions/' || ${transactionId} || '/attachments/' || ${id}`;
