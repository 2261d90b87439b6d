import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  shipDetailsSchema,
  shipInfoQuerySchema,
  shipPositionsQuerySchema,
  shipPositionsResponseSchema,
  shipSearchQuerySchema,
  shipSearchResponseSchema,
  shipTrackParamsSchema,
  shipTrackQuerySchema,
  shipTrackResponseSchema,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Guards } from '../../plugins/auth.ts';
import * as service from './vessels.service.ts';
import { pickEncoding } from '../../lib/encoded-answer.ts';
import { memoQueryValidator } from '../../lib/memo-validator.ts';
import type { ShipStreamHub } from './vessels.stream.ts';

const tags = ['ships'];
/**
 * The answer is built by our own mapper from the contract types; re-validating
 * thousands of ships with zod on every map refresh would cost more than the query.
 * The schema still documents the response in OpenAPI.
 */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
const security = [{ bearerAuth: [] }];
/** The map polls the same few views: their queries are validated once (lib/memo-validator.ts). */
const mapQueries = memoQueryValidator();

export function vesselsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards, rt: service.VesselsRuntime, hub: ShipStreamHub) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/ships/positions',
    {
      preHandler: guards.user,
      ...plainJson,
      validatorCompiler: mapQueries,
      schema: { tags, security, summary: 'Live ship positions in a box, or clusters', querystring: shipPositionsQuerySchema, response: { 200: shipPositionsResponseSchema } },
    },
    async (request, reply) => {
      reply.type('application/json');
      // Without the cache (the bench's peer): JSON text, a string with an application/json type is sent as is.
      if (!rt.answers) return reply.send(service.positionsJson(rt, request.query) as never);
      const now = Date.now();
      // The raw query string is the key: the same view asked by many maps is built once (see PositionsAnswerCache).
      const key = `${rt.store.simulated}${request.url.slice(request.url.indexOf('?') + 1)}`;
      const answer = rt.answers.get(key, now, () => service.positionsJson(rt, request.query, now));
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding');
      if (!encoding) return reply.send(answer.json as never);
      return reply.header('content-encoding', encoding).send((await answer.body(encoding)) as never);
    },
  );

  r.get(
    '/v1/ships/info/search',
    { preHandler: guards.user, schema: { tags, security, summary: 'Search ships by name, MMSI, IMO or call sign', querystring: shipSearchQuerySchema, response: { 200: shipSearchResponseSchema } } },
    async (request) => service.search(rt, request.query.q, request.query.offset, request.query.limit),
  );

  r.get(
    '/v1/ships/info',
    { preHandler: guards.user, schema: { tags, security, summary: 'Ship details', querystring: shipInfoQuerySchema, response: { 200: shipDetailsSchema } } },
    async (request) => service.info(ctx, rt, request.query.mmsi),
  );

  r.get(
    '/v1/ships/:mmsi/positions',
    {
      preHandler: guards.user,
      ...plainJson,
      schema: { tags, security, summary: 'Track of one ship, oldest first', params: shipTrackParamsSchema, querystring: shipTrackQuerySchema, response: { 200: shipTrackResponseSchema } },
    },
    async (request) => service.track(ctx, rt, request.params.mmsi, request.query.maxAge),
  );

  // Browsers cannot set headers on a WebSocket: the token comes as a query parameter or the first message.
  // One long-lived connection per map: the per-request rate limit does not apply.
  r.get(
    '/v1/ships/stream',
    { websocket: true, config: { rateLimit: false }, schema: { tags, summary: 'Live position diffs (WebSocket)', querystring: z.object({ access_token: z.string().optional() }) } },
    (socket, request) => void hub.accept(socket, (request.query as { access_token?: string }).access_token),
  );
}
