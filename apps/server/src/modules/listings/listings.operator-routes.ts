import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listingPageSchema, listingSchema, okSchema, operatorListingsQuerySchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import * as operator from './listings.operator.ts';

const tags = ['operator'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });

/** The operator console's listing queue: approvals and deletions. */
export function listingsOperatorRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: guards.operator };
  r.get(
    '/api/operator/listings',
    { ...pre, schema: { tags, security, summary: 'Listings by state or deletion status', querystring: operatorListingsQuerySchema, response: { 200: listingPageSchema } } },
    async (request) => operator.listForOperator(ctx, request.query),
  );
  r.post(
    '/api/operator/listings/:id/approve',
    { ...pre, schema: { tags, security, summary: 'Approve a pending listing (publishes it)', params: idParams, response: { 200: listingSchema } } },
    async (request) => operator.decide(ctx, authOf(request).sub, request.params.id, 'approve'),
  );
  r.post(
    '/api/operator/listings/:id/reject',
    { ...pre, schema: { tags, security, summary: 'Send a pending listing back to draft', params: idParams, response: { 200: listingSchema } } },
    async (request) => operator.decide(ctx, authOf(request).sub, request.params.id, 'reject'),
  );
  r.post(
    '/api/operator/listings/:id/complete-deletion',
    { ...pre, schema: { tags, security, summary: 'Complete a requested deletion', params: idParams, response: { 200: okSchema } } },
    async (request) => operator.completeDeletion(ctx, authOf(request).sub, request.params.id),
  );
}
