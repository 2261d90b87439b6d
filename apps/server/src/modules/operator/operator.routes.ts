import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorUserRowSchema, operatorUsersQuerySchema, outboxMailSchema, rejectBodySchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Guards } from '../../plugins/auth.ts';
import * as service from './operator.service.ts';

const tags = ['operator'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().uuid() });

export function operatorRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: guards.operator };

  r.get(
    '/api/operator/users',
    { ...pre, schema: { tags, security, summary: 'Users by review status', querystring: operatorUsersQuerySchema, response: { 200: z.object({ data: z.array(operatorUserRowSchema) }) } } },
    async (request) => ({ data: await service.listUsers(ctx, request.query.status) }),
  );

  r.post(
    '/api/operator/users/:id/approve',
    { ...pre, schema: { tags, security, summary: 'Approve a registration', params: idParams, body: z.object({ limited: z.boolean().optional() }).nullish(), response: { 200: operatorUserRowSchema } } },
    async (request) => service.decide(ctx, request.params.id, 'approved', { limited: request.body?.limited }),
  );

  r.post(
    '/api/operator/users/:id/reject',
    { ...pre, schema: { tags, security, summary: 'Reject a registration', params: idParams, body: rejectBodySchema.nullish(), response: { 200: operatorUserRowSchema } } },
    async (request) => service.decide(ctx, request.params.id, 'rejected', { reason: request.body?.reason }),
  );

  r.get(
    '/api/operator/outbox',
    { ...pre, schema: { tags, security, summary: 'E-mails sent or kept in the outbox', response: { 200: z.object({ data: z.array(outboxMailSchema) }) } } },
    async () => ({ data: await service.outbox(ctx) }),
  );
}
