import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forexQuerySchema, forexResponseSchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { forexServiceOf } from './forex.service.ts';

/** Public: prices (and their alternative-currency display) are shown to anonymous visitors too. */
export function forexRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/forex',
    {
      schema: {
        tags: ['forex'],
        summary: 'The conversion multiplier between two supported currencies by the ECB’s euro reference rates',
        description:
          'Major units of `to` per major unit of `from`, from the European Central Bank’s reference rates (fetched once a day after their 16:00 CET publication, kept in the database). `date` is the ECB day of the rates used; when the ECB cannot be reached `offline` is true and the last known rates answer, at worst the ECB file shipped with the product (`source: snapshot`).',
        querystring: forexQuerySchema,
        response: { 200: forexResponseSchema },
      },
    },
    async (request) => ({ data: await forexServiceOf(ctx).convert(request.query.from, request.query.to) }),
  );
}
