import { mkdirSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, imageAssetSchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { storeImage, uploadsDir } from './images.service.ts';

/**
 * Multipart parsing for one encapsulated route group; registered per group so
 * modules do not fight over a global content-type parser.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 3, fields: 30, fieldSize: 64 * 1024 } });
}

/**
 * Maps failures while reading a multipart body to catalogue codes: over 20 MB
 * is request-upload-over-limit; anything else there (no or a wrong boundary,
 * a truncated body, malformed part headers, too many parts) is the client's
 * body, answered 400 validation-invalid-params. Only the request stream is
 * read here, so no server fault can hide behind this.
 */
export function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('request-upload-over-limit', 413, { maxBytes: IMAGE_MAX_BYTES });
  return new AppError('validation-invalid-params', 400, {
    invalidParams: [{ path: 'body', message: 'images:errors.multipart' }],
    reason: code ?? (err instanceof Error ? err.message : 'malformed-multipart'),
  });
}

/** Reads the single file of a multipart request into memory (at most 20 MB). */
export async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw new AppError('validation-invalid-params', 400, { invalidParams: [{ path: 'image', message: 'validation.required' }] });
    return await file.toBuffer();
  } catch (err) {
    throw uploadError(err);
  }
}

const tags = ['images'];
const security = [{ bearerAuth: [] }];

export async function imagesRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  // A fresh data directory has no uploads yet: @fastify/static warns at every start without it.
  mkdirSync(uploadsDir(ctx), { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir(ctx),
    prefix: '/uploads/',
    decorateReply: false,
    // URLs carry ?v=<ms>, so a variant never changes under the same URL.
    immutable: true,
    maxAge: '365d',
  });

  await app.register(async (child) => {
    await registerMultipart(child);
    child.withTypeProvider<ZodTypeProvider>().post(
      '/api/images',
      {
        preHandler: guards.marketplaceWrite,
        schema: {
          tags,
          security,
          summary: 'Upload an image (multipart field "image"; JPG, GIF or PNG, at most 20 MB); attach it to a listing by id',
          consumes: ['multipart/form-data'],
          response: { 201: imageAssetSchema },
        },
      },
      async (request, reply) => {
        const data = await readSingleFile(request);
        return reply.status(201).send(await storeImage(ctx, { data, uploaderId: authOf(request).sub, purpose: 'listing' }));
      },
    );
  });
}
