import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  subscriptionCreateBodySchema,
  subscriptionIdParamsSchema,
  subscriptionListResponseSchema,
  subscriptionPatchBodySchema,
  subscriptionResponseSchema,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import * as service from './subscriptions.service.ts';

const tags = ['subscriptions'];
const security = [{ bearerAuth: [] }];

/** Buyer spec section 7: the subscriptions API (recurring orders). */
export function subscriptionsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { preHandler: guards.marketplaceWrite };
  const read = { preHandler: guards.user };

  r.post(
    '/v1/marketplace/subscriptions',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Makes a subscription (pending until the seller accepts) from a cart of exactly one item whose listing allows subscriptions',
        body: subscriptionCreateBodySchema,
        response: { 201: subscriptionResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.create(ctx, authOf(request), request.body) }),
  );

  r.get(
    '/v1/marketplace/subscriptions',
    { ...read, schema: { tags, security, summary: 'The subscriptions the caller’s organization buys or sells, newest first', response: { 200: subscriptionListResponseSchema } } },
    async (request) => ({ data: await service.list(ctx, authOf(request)) }),
  );

  r.get(
    '/v1/marketplace/subscriptions/:id',
    {
      ...read,
      schema: { tags, security, summary: 'One subscription, for its buyer and seller organizations', params: subscriptionIdParamsSchema, response: { 200: subscriptionResponseSchema } },
    },
    async (request) => ({ data: await service.show(ctx, authOf(request), request.params.id) }),
  );

  r.patch(
    '/v1/marketplace/subscriptions/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Changes the status with a message both sides see: the seller accepts or declines a pending one; either side cancels',
        params: subscriptionIdParamsSchema,
        body: subscriptionPatchBodySchema,
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => ({ data: await service.patch(ctx, authOf(request), request.params.id, request.body) }),
  );
}
