import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messagePageSchema, messageResponseSchema, messagesQuerySchema, sendMessageBodySchema, unreadMessagesResponseSchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import * as service from './messages.service.ts';

const tags = ['messages'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });

export function messagesRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: guards.user };
  const write = { preHandler: guards.marketplaceWrite };

  r.get(
    '/api/transactions/unread-messages',
    {
      ...read,
      schema: { tags, security, summary: 'Unread messages per transaction of the caller ({ transactionId: count }, only those with any) and their total', response: { 200: unreadMessagesResponseSchema } },
    },
    async (request) => service.unreadMessages(ctx, authOf(request)),
  );

  r.get(
    '/api/transactions/:id/messages',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'A transaction’s messages, for its parties and the operator: page 1 is the newest 100, each page oldest to newest',
        description: 'Reading page 1 marks the thread read for a party. The web app polls page 1 while the order page is open (MESSAGES_POLL_MS).',
        params: idParams,
        querystring: messagesQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) => service.listMessages(ctx, authOf(request), request.params.id, request.query),
  );

  r.post(
    '/api/transactions/:id/messages',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Sends a message (1 to 5000 characters after trimming); 409 message-recipient-unavailable when the other party is banned or deleted',
        params: idParams,
        body: sendMessageBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.sendMessage(ctx, authOf(request), request.params.id, request.body) }),
  );

  r.post(
    '/api/transactions/:id/messages/read',
    { ...read, schema: { tags, security, summary: 'Marks the whole thread read for the caller', params: idParams } },
    async (request, reply) => {
      await service.markThreadRead(ctx, authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
