import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aisStatusResponseSchema } from '@harbor/contracts';
import type { Guards } from '../../plugins/auth.ts';
import type { AisIngestion } from './ais-ingestion.ts';
import * as service from './ais.service.ts';

export function aisRoutes(app: FastifyInstance, guards: Guards, ingestion: AisIngestion) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/ais/status',
    {
      preHandler: guards.user,
      schema: { tags: ['ais'], security: [{ bearerAuth: [] }], summary: 'AIS sources: state, message rate, rejects', response: { 200: aisStatusResponseSchema } },
    },
    async () => service.status(ingestion),
  );
}
