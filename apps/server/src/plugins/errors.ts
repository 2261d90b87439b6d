import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
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

/** One error answer; `meta` is always an object (empty when there is nothing to add), so clients never test for it. */
export function sendError(reply: FastifyReply, error: Omit<ApiError, 'meta'> & { meta?: ApiError['meta'] }) {
  return reply.status(error.status).send({ apiErrors: [{ code: error.code, status: error.status, meta: error.meta ?? {} }] });
}

/** Maps framework errors to catalogue codes; anything unknown is logged in full and answered 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}

/** The one error handler; exported so a route with its own handler can fall back to it. */
export function handleError(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return sendError(reply, { code: err.code, status: err.status, meta: err.meta });
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
  if (err.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, { code: 'validation-invalid-params', status: 400, meta: { invalidParams: [{ path: 'url', message: 'validation.invalid' }], reason: err.code } });
  }
  if (status === 414) return sendError(reply, { code: 'uri-too-long', status, meta: { reason: err.code } });
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

/**
 * Fastify options for the errors raised before any route runs: the router's
 * (a URL that does not decode, a path parameter over its length) go to the one
 * handler above, and the HTTP parser's (headers too large, a malformed request,
 * a timeout) get the same `{ apiErrors }` shape written to the socket.
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors: (err, request, reply) => handleError(err, request, reply),
  clientErrorHandler: writeClientError,
};

function writeClientError(err: NodeJS.ErrnoException, socket: Socket) {
  // A reset or already closed connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error: ApiError =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? { code: 'request-header-too-large', status: 431, meta: {} }
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { code: 'request-timeout', status: 408, meta: {} }
        : { code: 'validation-invalid-params', status: 400, meta: { invalidParams: [{ path: 'request', message: 'validation.invalid' }], reason: err.code ?? 'client-error' } };
  const body = JSON.stringify({ apiErrors: [error] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
