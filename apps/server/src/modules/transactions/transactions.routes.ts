import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  initiateBodySchema,
  lineItemsBodySchema,
  lineItemsResponseSchema,
  operatorCancelBodySchema,
  salesNotificationsResponseSchema,
  TRANSIT_CONTENT_TYPE,
  transactionPageSchema,
  transactionResponseSchema,
  transactionsQuerySchema,
  transitionBodySchema,
  type TransactionPage,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import { invalidParams } from '../../plugins/errors.ts';
import { lineItemsFor, listTransactionsJson, salesNotifications } from './transactions.queries.ts';
import * as service from './transactions.service.ts';
import { decodeTransit, TransitError } from './transit.ts';

const tags = ['transactions'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });

function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > IDEMPOTENCY_KEY_MAX) throw invalidParams([{ path: 'headers.idempotency-key', message: 'validation.invalid' }]);
  return key;
}

export function transactionsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { preHandler: guards.marketplaceWrite };
  const read = { preHandler: guards.user };

  // The spec's line-items call is transit encoded; decoded here to the same JSON the schema checks.
  app.addContentTypeParser(TRANSIT_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, decodeTransit(JSON.parse(body as string)));
    } catch (err) {
      const error = Object.assign(new Error(err instanceof TransitError ? err.message : 'invalid transit'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_TRANSIT' });
      done(error, undefined);
    }
  });

  r.post(
    '/api/transactions/initiate',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Places one cart line: the order or quote request, its stock and time held in one database transaction',
        description: 'With an Idempotency-Key header a repeated call answers the first result (200) instead of placing again (201).',
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().max(IDEMPOTENCY_KEY_MAX).optional() }).loose(),
        body: initiateBodySchema,
        response: { 200: transactionResponseSchema, 201: transactionResponseSchema },
      },
    },
    async (request, reply) => {
      const placed = await service.initiate(ctx, authOf(request), request.body, idempotencyKeyOf(request.headers));
      if (placed.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(placed.replayed ? 200 : 201).send({ data: placed.data });
    },
  );

  r.post(
    '/api/transactions/:id/transition',
    {
      ...write,
      schema: { tags, security, summary: 'Takes a transition the process graph allows the caller from the current state', params: idParams, body: transitionBodySchema, response: { 200: transactionResponseSchema } },
    },
    async (request) => ({ data: await service.transition(ctx, authOf(request), request.params.id, request.body) }),
  );

  r.get(
    '/api/transactions',
    { ...read, schema: { tags, security, summary: 'The caller’s purchases (only=order), sales (only=sale) or both, 100 per page', querystring: transactionsQuerySchema, response: { 200: transactionPageSchema } } },
    async (request, reply) => {
      return sendJsonText<TransactionPage>(ctx.config.RESPONSE_CHECK, reply, await listTransactionsJson(ctx, authOf(request), request.query));
    },
  );

  r.get(
    '/api/transactions/sales-notifications',
    { ...read, schema: { tags, security, summary: 'Sales waiting for the caller (by last transition), page 1, 100 per page', response: { 200: salesNotificationsResponseSchema } } },
    async (request) => salesNotifications(ctx, authOf(request)),
  );

  r.get(
    '/api/transactions/:id',
    { ...read, schema: { tags, security, summary: 'One transaction, for its parties and the operator', params: idParams, response: { 200: transactionResponseSchema } } },
    async (request) => ({ data: await service.show(ctx, authOf(request), request.params.id) }),
  );

  r.post(
    '/api/transaction-line-items',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'The line items an order of this line would get (JSON or application/transit+json)',
        body: lineItemsBodySchema,
        response: { 200: lineItemsResponseSchema },
      },
    },
    async (request) => lineItemsFor(ctx, authOf(request), request.body),
  );

  r.post(
    '/api/operator/transactions/:id/cancel',
    {
      preHandler: guards.operator,
      schema: { tags: ['operator', ...tags], security, summary: 'The operator cancels an open transaction with a reason', params: idParams, body: operatorCancelBodySchema, response: { 200: transactionResponseSchema } },
    },
    async (request) => ({ data: await service.operatorCancel(ctx, authOf(request), request.params.id, request.body) }),
  );
}
