import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.ts';

const API_PREFIXES = ['/api/', '/v1/', '/portcalls', '/uploads/'];
const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built web app with a single-page fallback: any GET that is not an
 * API path gets index.html and the client router takes over.
 */
export async function registerWeb(app: FastifyInstance, distDir = defaultDist) {
  const hasDist = existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file; the browser gets the one it accepts.
      preCompressed: true,
      // Files under /assets/ carry a content hash in their name: they never change. The
      // app's page names the current ones, so it is checked again on every visit.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) reply.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built; run `npm run build` to serve it');
  }
  // `/portcalls` is both an API path and a page: a browser navigation (asking
  // for HTML, no bearer token) gets the app, API clients get JSON.
  app.addHook('onRequest', async (request, reply) => {
    if (!hasDist || request.method !== 'GET' || request.headers.authorization) return;
    const pathname = request.url.split('?')[0]!;
    if (pathname !== '/portcalls' && !pathname.startsWith('/portcalls/')) return;
    if (!request.headers.accept?.includes('text/html')) return;
    return reply.sendFile('index.html');
  });
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (request.method !== 'GET' || isApi) return sendError(reply, { code: 'not-found', status: 404 });
    if (!hasDist) return reply.type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return reply.sendFile('index.html');
  });
}
