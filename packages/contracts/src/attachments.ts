import { z } from 'zod';

/**
 * Attachments of a transaction (marketplace-buyer.md sections 3, 5 and 7):
 * `POST /v1/marketplace/transaction/{id}/attachment` (multipart form data with
 * one file) and `DELETE` of the same path with `{ url }`. PDF, DOC, DOCX and
 * TXT only, decided by the file's content as well as its name.
 */

/** At most 20 MB (request-upload-over-limit beyond). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Enough for any order's papers; keeps one transaction from filling the disk. */
export const ATTACHMENTS_PER_TRANSACTION_MAX = 50;
export const ATTACHMENT_NAME_MAX = 200;

export const ATTACHMENT_KINDS = ['pdf', 'doc', 'docx', 'txt'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** The media type each kind is served with. */
export const ATTACHMENT_CONTENT_TYPES: Record<AttachmentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};
/** For a file input's accept attribute. */
export const ATTACHMENT_ACCEPT = '.pdf,.doc,.docx,.txt';

export const attachmentSchema = z.object({
  id: z.uuid(),
  /** Where the parties and the operator download it (bearer token required; answered as a download). */
  url: z.string(),
  name: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  uploader: z.object({ id: z.uuid(), displayName: z.string() }),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentResponseSchema = z.object({ data: attachmentSchema });
export const attachmentListSchema = z.object({ data: z.array(attachmentSchema) });
export type AttachmentList = z.infer<typeof attachmentListSchema>;

/** DELETE /v1/marketplace/transaction/{id}/attachment. */
export const deleteAttachmentBodySchema = z.object({ url: z.string().trim().min(1, 'validation.required').max(2000, 'validation.tooLong') });
export type DeleteAttachmentBody = z.infer<typeof deleteAttachmentBodySchema>;
