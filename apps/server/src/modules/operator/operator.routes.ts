import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditPageSchema,
  auditQuerySchema,
  moderationBodySchema,
  operatorTransactionsQuerySchema,
  operatorUserPageSchema,
  operatorUserRowSchema,
  operatorUsersQuerySchema,
  outboxMailSchema,
  rejectBodySchema,
  transactionPageSchema,
  unbanBodySchema,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import * as service from './operator.service.ts';

const tags = ['operator'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().uuid() });

export function operatorRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: guards.operator };

  r.get(
    '/api/operator/users',
    {
      ...pre,
      schema: { tags, security, summary: 'Users: search by name, e-mail or organization; filter by review status and account state; paged', querystring: operatorUsersQuerySchema, response: { 200: operatorUserPageSchema } },
    },
    async (request) => service.listUsers(ctx, request.query),
  );

  r.post(
    '/api/operator/users/:id/approve',
    { ...pre, schema: { tags, security, summary: 'Approve a registration', params: idParams, body: z.object({ limited: z.boolean().optional() }).nullish(), response: { 200: operatorUserRowSchema } } },
    async (request) => service.decide(ctx, authOf(request), request.params.id, 'approved', { limited: request.body?.limited }),
  );

  r.post(
    '/api/operator/users/:id/reject',
    { ...pre, schema: { tags, security, summary: 'Reject a registration', params: idParams, body: rejectBodySchema.nullish(), response: { 200: operatorUserRowSchema } } },
    async (request) => service.decide(ctx, authOf(request), request.params.id, 'rejected', { reason: request.body?.reason }),
  );

  r.post(
    '/api/operator/users/:id/ban',
    { ...pre, schema: { tags, security, summary: 'Ban a user: sign-in refused, every token ends at once, shown as Banned user', params: idParams, body: moderationBodySchema, response: { 200: operatorUserRowSchema } } },
    async (request) => service.ban(ctx, authOf(request), request.params.id, request.body.reason),
  );

  r.post(
    '/api/operator/users/:id/unban',
    { ...pre, schema: { tags, security, summary: 'Lift a ban (the user signs in again)', params: idParams, body: unbanBodySchema.nullish(), response: { 200: operatorUserRowSchema } } },
    async (request) => service.unban(ctx, authOf(request), request.params.id, request.body?.reason),
  );

  r.post(
    '/api/operator/users/:id/delete',
    {
      ...pre,
      schema: { tags, security, summary: 'Delete a user: personal data cleared, every token ends at once, shown as Deleted user', params: idParams, body: moderationBodySchema, response: { 200: operatorUserRowSchema } },
    },
    async (request) => service.deleteUser(ctx, authOf(request), request.params.id, request.body.reason),
  );

  r.get(
    '/api/operator/transactions',
    { ...pre, schema: { tags, security, summary: 'Every transaction by state and process, newest first', querystring: operatorTransactionsQuerySchema, response: { 200: transactionPageSchema } } },
    async (request) => service.transactions(ctx, authOf(request), request.query),
  );

  r.get(
    '/api/operator/audit',
    { ...pre, schema: { tags, security, summary: 'The operators’ actions: who, when, what, target and reason; newest first', querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => service.audit(ctx, request.query),
  );

  r.get(
    '/api/operator/outbox',
    { ...pre, schema: { tags, security, summary: 'E-mails sent or kept in the outbox', response: { 200: z.object({ data: z.array(outboxMailSchema) }) } } },
    async () => ({ data: await service.outbox(ctx) }),
  );
}
