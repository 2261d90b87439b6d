import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentPortCallQuerySchema,
  currentPortCallResponseSchema,
  portCallsQuerySchema,
  portCallsResponseSchema,
} from '@harbor/contracts';
import type { Guards } from '../../plugins/auth.ts';
import * as service from './port-calls.service.ts';

const tags = ['port-calls'];
const security = [{ bearerAuth: [] }];

/**
 * /portcalls is both this API path and the web page (tracking.md section 2):
 * a browser navigation (Accept: text/html) gets the web app, as the Vite dev
 * proxy does; fetches get JSON.
 */
const servePageToBrowsers: onRequestHookHandler = async (request, reply) => {
  const sendFile = (reply as unknown as { sendFile?: (file: string) => FastifyReply }).sendFile;
  if (request.headers.accept?.includes('text/html') && sendFile) {
    return sendFile.call(reply.header('cache-control', 'no-cache'), 'index.html');
  }
};

export function portCallsRoutes(app: FastifyInstance, deps: service.PortCallsDeps, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/portcalls',
    {
      onRequest: servePageToBrowsers,
      preHandler: guards.user,
      schema: {
        tags,
        security,
        summary: 'Incoming, on-going and recently departed calls of a port',
        querystring: portCallsQuerySchema,
        response: { 200: portCallsResponseSchema },
      },
    },
    async (request) => service.listForPort(deps, request.query.portCode),
  );

  r.get(
    '/portcalls/current',
    {
      preHandler: guards.user,
      schema: {
        tags,
        security,
        summary: "A ship's current port call (null when it is in none)",
        querystring: currentPortCallQuerySchema,
        response: { 200: currentPortCallResponseSchema },
      },
    },
    async (request) => service.currentForShip(deps, request.query.mmsi),
  );
}
