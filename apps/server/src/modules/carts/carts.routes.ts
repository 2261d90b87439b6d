import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartCreateBodySchema,
  cartCreateResponseSchema,
  cartListQuerySchema,
  cartListSchema,
  cartPatchBodySchema,
  cartProductBodySchema,
  cartProductPatchBodySchema,
  cartSchema,
  cartTemplateBodySchema,
  cartTemplateListSchema,
  cartTemplatePatchBodySchema,
  cartTemplateSaveResponseSchema,
  cartTemplateSchema,
  okSchema,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import * as lines from './carts.lines.ts';
import * as service from './carts.service.ts';
import * as templates from './carts.templates.ts';

const tags = ['carts'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });
const BASE = '/v1/marketplace';

/**
 * The spec's cart table (buyer spec section 7). Reads need a signed-in user
 * (each sees only their own carts); writes also need a user who may change
 * marketplace data, and the services ask for the Buyer role.
 */
export function cartsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before validation: an anonymous caller gets 401, not a list of what its body lacks.
  const read = { preValidation: guards.user };
  const write = { preValidation: guards.marketplaceWrite };

  r.post(
    `${BASE}/cart`,
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Create a cart for a ship and a port call (from a template with templateId); it becomes the active cart',
        body: cartCreateBodySchema,
        response: { 201: cartCreateResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createCart(ctx, authOf(request), request.body)),
  );
  r.get(
    `${BASE}/carts`,
    { ...read, schema: { tags, security, summary: "The caller's carts, open first (100 a page)", querystring: cartListQuerySchema, response: { 200: cartListSchema } } },
    async (request) => service.listCarts(ctx, authOf(request), request.query),
  );
  r.get(
    `${BASE}/cart/templates`,
    { ...read, schema: { tags, security, summary: "The caller's cart templates", response: { 200: cartTemplateListSchema } } },
    async (request) => templates.listTemplates(ctx, authOf(request)),
  );
  r.get(
    `${BASE}/cart/:id`,
    { ...read, schema: { tags, security, summary: 'One cart with its lines; prices recomputed by the server', params: idParams, response: { 200: cartSchema } } },
    async (request) => service.getCart(ctx, authOf(request), request.params.id),
  );
  r.patch(
    `${BASE}/cart/:id`,
    {
      ...write,
      schema: { tags, security, summary: 'Rename, change ship or port call, choose (active: true) or clear the active cart', params: idParams, body: cartPatchBodySchema, response: { 200: cartSchema } },
    },
    async (request) => service.patchCart(ctx, authOf(request), request.params.id, request.body),
  );
  r.delete(
    `${BASE}/cart/:id`,
    { ...write, schema: { tags, security, summary: 'Delete a cart (the active cart is then cleared)', params: idParams, response: { 200: okSchema } } },
    async (request) => service.deleteCart(ctx, authOf(request), request.params.id),
  );

  r.post(
    `${BASE}/cart/product`,
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Add an order-panel line to a cart (validated with the listing\'s order-line rules); answers the cart',
        body: cartProductBodySchema,
        response: { 201: cartSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await lines.addProduct(ctx, authOf(request), request.body)),
  );
  r.patch(
    `${BASE}/cart/product/:id`,
    {
      ...write,
      schema: { tags, security, summary: 'Change a line\'s quantity or time window; answers the cart', params: idParams, body: cartProductPatchBodySchema, response: { 200: cartSchema } },
    },
    async (request) => lines.patchProduct(ctx, authOf(request), request.params.id, request.body),
  );
  r.delete(
    `${BASE}/cart/product/:id`,
    // The web app names the line in a body ({productId, name}) as the spec's remove call does; the id in the path decides.
    { ...write, schema: { tags, security, summary: 'Remove a line; answers the cart', params: idParams, response: { 200: cartSchema } } },
    async (request) => lines.removeProduct(ctx, authOf(request), request.params.id),
  );

  r.post(
    `${BASE}/cart/template`,
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Save a cart as a template; a new empty cart for the same ship and port call becomes active',
        body: cartTemplateBodySchema,
        response: { 201: cartTemplateSaveResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await templates.saveTemplate(ctx, authOf(request), request.body)),
  );
  r.patch(
    `${BASE}/cart/template/:id`,
    {
      ...write,
      schema: { tags, security, summary: 'Rename a template or change its ship', params: idParams, body: cartTemplatePatchBodySchema, response: { 200: cartTemplateSchema } },
    },
    async (request) => templates.patchTemplate(ctx, authOf(request), request.params.id, request.body),
  );
  r.delete(
    `${BASE}/cart/template/:id`,
    { ...write, schema: { tags, security, summary: 'Delete a template', params: idParams, response: { 200: okSchema } } },
    async (request) => templates.deleteTemplate(ctx, authOf(request), request.params.id),
  );
}
