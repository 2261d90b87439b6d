import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportResponseSchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import { generateReport } from './reports.service.ts';

export function reportsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/reports',
    {
      preHandler: guards.user,
      schema: {
        tags: ['reports'],
        security: [{ bearerAuth: [] }],
        summary: 'The caller’s organization’s purchases or sales between two days, by day, ISO week or month, in EUR cents with running totals',
        description:
          'Counts orders from the ordered state on (not declined, cancelled, unpaid or open quotes), by their creation day in Europe/Helsinki. Other currencies are converted at the rate of the order’s day; `rates` lists those used.',
        querystring: reportQuerySchema,
        response: { 200: reportResponseSchema },
      },
    },
    async (request) => ({ data: await generateReport(ctx, authOf(request), request.query) }),
  );
}
