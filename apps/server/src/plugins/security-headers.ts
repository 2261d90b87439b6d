import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

/**
 * The headers helmet's middleware sets, worked out once. None of our directives depends on the
 * request (no nonces), so every answer gets the same ones; running helmet's chain of a dozen
 * middlewares on each request was ~7 % of the CPU of a cached ships answer (bench/README-ships.md,
 * 2026-12-06), and @fastify/helmet, which rebuilt it per request, ~5 % more before that.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let called = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    called = true;
  });
  // A future helmet that went asynchronous or read the request would leave this unset: fail at start, not silently.
  if (!called || !headers['content-security-policy']) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/** Security headers on every answer: HTML (the API docs, the sign-in page, the web app) and API alike. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
