import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityExceptionBodySchema,
  availabilityExceptionListSchema,
  availabilityExceptionSchema,
  availabilityExceptionsQuerySchema,
  deleteListingBodySchema,
  imageAssetSchema,
  imageOrderBodySchema,
  listingPageSchema,
  listingListSchema,
  listingSchema,
  listingSearchQuerySchema,
  listingWriteBodySchema,
  listingWriteResponseSchema,
  okSchema,
  orderLineBodySchema,
  orderLineResponseSchema,
  ownListingsQuerySchema,
  stockBodySchema,
  stockResponseSchema,
  type ListingPage,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import { EncodedAnswer } from '../../lib/encoded-answer.ts';
import { sendSharedJson } from '../../lib/json-text.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import { readSingleFile, registerMultipart } from '../images/index.ts';
import * as availability from './listings.availability.ts';
import { validateOrderLine } from './listings.order-line.ts';
import * as pub from './listings.public.ts';
import { searchListingsJson } from './listings.search.ts';
import * as service from './listings.service.ts';

const tags = ['listings'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });
/** `searchAnswers` shares search answers, and their compressed forms, between requests for a moment (app.ts clears it on every change). */
export async function listingsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards, searchAnswers: AnswerCache<EncodedAnswer>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { preHandler: guards.marketplaceWrite };

  r.get(
    '/api/listings',
    { schema: { tags, summary: 'Search published listings (24 per page)', querystring: listingSearchQuerySchema, response: { 200: listingPageSchema } } },
    async (request, reply) => {
      const answer = await searchAnswers.get(JSON.stringify(request.query), async () => new EncodedAnswer(Buffer.from(await searchListingsJson(ctx, request.query))));
      return sendSharedJson<ListingPage>(ctx.config.RESPONSE_CHECK, request, reply, answer);
    },
  );
  r.get(
    '/api/listings/:id',
    { schema: { tags, summary: 'A listing with author, images and organization', params: idParams, response: { 200: listingSchema } } },
    async (request) => pub.showListing(ctx, request.auth, request.params.id),
  );
  r.get(
    '/api/listings/:id/alternatives',
    { schema: { tags, summary: 'Up to 6 listings of the same port and category', params: idParams, response: { 200: listingListSchema } } },
    async (request) => pub.alternatives(ctx, request.auth, request.params.id),
  );
  r.get(
    '/api/listings/:id/availability-exceptions',
    {
      schema: {
        tags,
        summary: 'Availability exceptions in a range of at most 90 days',
        params: idParams,
        querystring: availabilityExceptionsQuerySchema,
        response: { 200: availabilityExceptionListSchema },
      },
    },
    async (request) => pub.listExceptions(ctx, request.auth, request.params.id, request.query),
  );
  r.post(
    '/api/listings/:id/order-line/validate',
    {
      preHandler: guards.user,
      schema: { tags, security, summary: 'Validate an order-panel line and recompute its price', params: idParams, body: orderLineBodySchema, response: { 200: orderLineResponseSchema } },
    },
    async (request) => validateOrderLine(ctx, authOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/own-listings',
    { preHandler: guards.user, schema: { tags, security, summary: "The caller's listings (42 per page)", querystring: ownListingsQuerySchema, response: { 200: listingPageSchema } } },
    async (request) => service.listOwnListings(ctx, authOf(request), request.query),
  );
  r.post(
    '/api/own-listings',
    { ...write, schema: { tags, security, summary: 'Create a draft listing', body: listingWriteBodySchema, response: { 201: listingWriteResponseSchema } } },
    async (request, reply) => reply.status(201).send(await service.createListing(ctx, authOf(request), request.body)),
  );
  r.get(
    '/api/own-listings/:id',
    { preHandler: guards.user, schema: { tags, security, summary: 'One own listing in any state', params: idParams, response: { 200: listingSchema } } },
    async (request) => service.getOwnListing(ctx, authOf(request), request.params.id),
  );
  r.patch(
    '/api/own-listings/:id',
    { ...write, schema: { tags, security, summary: 'Update an own listing', params: idParams, body: listingWriteBodySchema, response: { 200: listingWriteResponseSchema } } },
    async (request) => service.updateListing(ctx, authOf(request), request.params.id, request.body),
  );
  for (const name of ['publish', 'open', 'close'] as const) {
    r.post(
      `/api/own-listings/:id/${name}`,
      { ...write, schema: { tags, security, summary: `Listing transition: ${name}`, params: idParams, response: { 200: listingWriteResponseSchema } } },
      async (request) => service.transition(ctx, authOf(request), request.params.id, name),
    );
  }
  r.post(
    '/api/listings/delete',
    { ...write, schema: { tags, security, summary: 'Close, hide and request deletion (completed within 24 h)', body: deleteListingBodySchema, response: { 200: okSchema } } },
    async (request) => service.requestDeletion(ctx, authOf(request), request.body),
  );
  r.post(
    '/api/listings/:id/stock',
    { ...write, schema: { tags, security, summary: 'Stock compare-and-set', params: idParams, body: stockBodySchema, response: { 200: stockResponseSchema } } },
    async (request) => service.setStock(ctx, authOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/listings/:id/images/:imageId',
    { ...write, schema: { tags, security, summary: 'Remove an image', params: idParams.extend({ imageId: z.uuid() }), response: { 200: listingWriteResponseSchema } } },
    async (request) => service.removeImage(ctx, authOf(request), request.params.id, request.params.imageId),
  );
  r.put(
    '/api/listings/:id/images/order',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Reorder the images of an own listing (all of them, main image first)',
        params: idParams,
        body: imageOrderBodySchema,
        response: { 200: listingWriteResponseSchema },
      },
    },
    async (request) => service.reorderImages(ctx, authOf(request), request.params.id, request.body.imageIds),
  );
  r.post(
    '/api/listings/:id/availability-exceptions',
    {
      ...write,
      schema: { tags, security, summary: 'Add an availability exception', params: idParams, body: availabilityExceptionBodySchema, response: { 201: availabilityExceptionSchema } },
    },
    async (request, reply) => reply.status(201).send(await availability.createException(ctx, authOf(request), request.params.id, request.body)),
  );
  r.delete(
    '/api/listings/:id/availability-exceptions/:exceptionId',
    { ...write, schema: { tags, security, summary: 'Delete an availability exception', params: idParams.extend({ exceptionId: z.uuid() }), response: { 200: okSchema } } },
    async (request) => availability.deleteException(ctx, authOf(request), request.params.id, request.params.exceptionId),
  );

  await app.register(async (child) => {
    await registerMultipart(child);
    child.withTypeProvider<ZodTypeProvider>().post(
      '/api/listings/:id/images',
      {
        ...write,
        schema: {
          tags,
          security,
          summary: 'Upload an image to an own listing (multipart field "image"; JPG, GIF, PNG; at most 20 MB)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 201: imageAssetSchema },
        },
      },
      async (request, reply) => {
        await service.assertAuthor(ctx, authOf(request), request.params.id);
        const data = await readSingleFile(request);
        return reply.status(201).send(await service.addImage(ctx, authOf(request), request.params.id, data));
      },
    );
  });
}
