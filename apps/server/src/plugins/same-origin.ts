import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Whether a browser sent this request from our own pages. Browsers mark every
 * POST with Sec-Fetch-Site (which a page cannot forge) or at least Origin, so:
 * Sec-Fetch-Site must say same-origin (or none: typed by the person); without
 * it, Origin must be PUBLIC_URL's or the one the request was addressed to.
 * A request with neither comes from no browser, so no other site can have
 * made a visitor's browser send it.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}

/**
 * Guard for the routes that use or set the session cookie: another site's
 * form or script can neither sign a visitor in (login CSRF) nor out.
 */
export function sameOriginOnly(publicUrl: string): onRequestHookHandler {
  return async (request) => {
    if (!isSameOrigin(request, publicUrl)) throw new AppError('forbidden', 403, { reason: 'cross-origin' });
  };
}
