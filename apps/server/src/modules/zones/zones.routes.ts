import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  portFeatureSchema,
  portParamsSchema,
  zoneFeatureCollectionSchema,
  zonesBboxQuerySchema,
  zonesSearchQuerySchema,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Guards } from '../../plugins/auth.ts';
import { memoQueryValidator } from '../../lib/memo-validator.ts';
import * as service from './zones.service.ts';

const tags = ['zones'];
const security = [{ bearerAuth: [] }];

/** Map requests to the product's own domain carry the bearer token (tracking.md section 7). */
export function zonesRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/zones/bbox',
    {
      preHandler: guards.user,
      // The features come from validated imports; re-validating thousands of
      // coordinates per map move doubled the answer time (bench/zones-bbox.ts).
      serializerCompiler: () => (data) => JSON.stringify(data),
      // The map polls the same few views: their queries are validated once.
      validatorCompiler: memoQueryValidator(),
      schema: { tags, security, summary: 'Zones and ports in view', querystring: zonesBboxQuerySchema, response: { 200: zoneFeatureCollectionSchema } },
    },
    async (request) => service.inBbox(ctx, request.query),
  );

  r.get(
    '/v1/zones/search',
    {
      preHandler: guards.user,
      schema: { tags, security, summary: 'Zone or port search by name or locode', querystring: zonesSearchQuerySchema, response: { 200: zoneFeatureCollectionSchema } },
    },
    async (request) => service.search(ctx, request.query),
  );

  r.get(
    '/v1/ports/:locode',
    {
      preHandler: guards.user,
      schema: { tags, security, summary: 'One port by UN/LOCODE', params: portParamsSchema, response: { 200: portFeatureSchema } },
    },
    async (request) => service.getPort(ctx, request.params.locode),
  );
}
