import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trajectoryParamsSchema, trajectoryQuerySchema, trajectoryResponseSchema } from '@harbor/contracts';
import type { Guards } from '../../plugins/auth.ts';
import * as service from './routes.service.ts';

const tags = ['routes'];
const security = [{ bearerAuth: [] }];

export function routesRoutes(app: FastifyInstance, deps: service.RoutesDeps, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/trajectory/:destination/:position',
    {
      preHandler: guards.user,
      schema: {
        tags,
        security,
        summary: 'Predicted route of a ship to a port',
        description:
          'destination: a UN/LOCODE or urn:harbor:port:<LOCODE>; position: `lat,lon`. The route starts at the position and ends at the port ' +
          '(or the water nearest to it), following known lanes and lanes learned from seen tracks, and never crossing land (the base map coastline: GSHHG full resolution in the Baltic, Natural Earth around it). ' +
          'smooth_trajectory: corner-cutting passes (0-5).',
        params: trajectoryParamsSchema,
        querystring: trajectoryQuerySchema,
        response: { 200: trajectoryResponseSchema },
      },
    },
    async (request) => service.trajectory(deps, request.params, request.query),
  );
}
