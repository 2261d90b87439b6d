import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, attachmentListSchema, attachmentResponseSchema, deleteAttachmentBodySchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import * as service from './attachments.service.ts';
import { localAttachmentStore, type AttachmentStore } from './attachments.store.ts';

const tags = ['attachments'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });

/**
 * Failures while reading the multipart body: over 20 MB is
 * request-upload-over-limit (413); anything else there (no boundary, a
 * truncated body, more than one file) is the client's body, answered 400.
 */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('request-upload-over-limit', 413, { maxBytes: ATTACHMENT_MAX_BYTES });
  return new AppError('validation-invalid-params', 400, {
    invalidParams: [{ path: 'body', message: 'validation.invalid' }],
    reason: code ?? (err instanceof Error ? err.message : 'malformed-multipart'),
  });
}

/**
 * The one file of the form (any field name), read into memory: at most 20 MB.
 * The whole body is read, so a second file is refused (400) rather than
 * silently dropped.
 */
async function readOneFile(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  try {
    let file: { data: Buffer; filename: string } | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { data: await part.toBuffer(), filename: part.filename };
    }
    if (!file) throw new AppError('validation-invalid-params', 400, { invalidParams: [{ path: 'file', message: 'validation.required' }] });
    return file;
  } catch (err) {
    throw uploadError(err);
  }
}

export async function attachmentsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards, store: AttachmentStore = localAttachmentStore(ctx.config.DATA_DIR)) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/transactions/:id/attachments',
    { preHandler: guards.user, schema: { tags, security, summary: 'A transaction’s attachments, oldest first, for its parties and the operator', params: idParams, response: { 200: attachmentListSchema } } },
    async (request) => ({ data: await service.listAttachments(ctx, authOf(request), request.params.id) }),
  );

  r.get(
    '/api/transactions/:id/attachments/:attachmentId',
    {
      preHandler: guards.user,
      schema: {
        tags,
        security,
        summary: 'Downloads an attachment (parties and the operator only): Content-Disposition attachment with its name, nosniff',
        params: idParams.extend({ attachmentId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { attachment, stream } = await service.openAttachment(ctx, store, authOf(request), request.params.id, request.params.attachmentId);
      // Always a download, never rendered here: the type is fixed by what the server checked, and the browser may not guess another.
      return reply
        .header('content-type', attachment.contentType)
        .header('content-length', attachment.size)
        .header('content-disposition', service.contentDisposition(attachment.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  r.delete(
    '/v1/marketplace/transaction/:id/attachment',
    {
      preHandler: guards.marketplaceWrite,
      schema: { tags, security, summary: 'Removes an attachment by its url; only its uploader or the operator', params: idParams, body: deleteAttachmentBodySchema },
    },
    async (request, reply) => {
      await service.deleteAttachment(ctx, store, authOf(request), request.params.id, request.body.url);
      return reply.status(204).send();
    },
  );

  // Multipart parsing only for the upload, in its own context with the attachment limits.
  await app.register(async (child) => {
    await child.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
    child.withTypeProvider<ZodTypeProvider>().post(
      '/v1/marketplace/transaction/:id/attachment',
      {
        preHandler: guards.marketplaceWrite,
        schema: {
          tags,
          security,
          summary: 'Attaches one file (multipart form data): PDF, DOC, DOCX or TXT by content and name, at most 20 MB',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 201: attachmentResponseSchema },
        },
      },
      async (request, reply) => {
        const file = await readOneFile(request);
        return reply.status(201).send({ data: await service.uploadAttachment(ctx, store, authOf(request), request.params.id, file) });
      },
    );
  });
}
