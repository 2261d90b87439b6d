import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode, InvalidParam } from '@harbor/contracts';

/** Services throw this; the handler below turns it into `{ apiErrors: [...] }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly meta?: Record<string, unknown>,
  ) {
    super(code);
  }
}

export const notFound = (meta?: Record<string, unknown>) => new AppError('not-found', 404, meta);
export const forbidden = (meta?: Record<string, unknown>) => new AppError('forbidden', 403, meta);
export const invalidParams = (invalidParams: InvalidParam[]) =>
  new AppError('validation-invalid-params', 400, { invalidParams });

export function sendError(reply: FastifyReply, error: ApiError) {
  return reply.status(error.status).send({ apiErrors: [error] });
}

/** Maps framework errors to catalogue codes; anything unknown is logged in full and answered 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}

/** The one error handler; exported so a route with its own handler can fall back to it. */
export function handleError(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return sendError(reply, { code: err.code, status: err.status, ...(err.meta ? { meta: err.meta } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = err.validationContext ?? 'body';
    const invalid: InvalidParam[] = err.validation.map((v) => ({
      path: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'validation.invalid',
    }));
    return sendError(reply, { code: 'validation-invalid-params', status: 400, meta: { invalidParams: invalid } });
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return sendError(reply, { code: 'payload-too-large', status });
  if (status === 429) return sendError(reply, { code: 'too-many-requests', status });
  if (status === 404) return sendError(reply, { code: 'not-found', status });
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type and the like: the client's fault, say which.
    return sendError(reply, {
      code: 'validation-invalid-params',
      status: 400,
      meta: { invalidParams: [{ path: 'body', message: 'validation.invalid' }], reason: err.code },
    });
  }
  request.log.error({ err }, 'unhandled error');
  return sendError(reply, { code: 'internal-error', status: 500 });
}
