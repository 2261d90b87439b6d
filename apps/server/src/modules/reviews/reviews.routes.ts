import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reviewPageSchema, reviewsQuerySchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { listReviews } from './reviews.service.ts';

export function reviewsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Public like the listing page that shows them: only reviews already public are ever answered.
  r.get(
    '/api/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Public reviews by listing_id, subject_id or organization_id (the subject’s organization), newest first, 100 per page, with the whole set’s count and average',
        querystring: reviewsQuerySchema,
        response: { 200: reviewPageSchema },
      },
    },
    async (request) => listReviews(ctx, request.query),
  );
}
