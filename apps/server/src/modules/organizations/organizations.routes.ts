import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORGANIZATION_IMAGE_FIELDS,
  organizationListSchema,
  organizationPortBodySchema,
  organizationPortListSchema,
  organizationPortSchema,
  organizationProfileFieldsSchema,
  organizationSchema,
  organizationsQuerySchema,
  type OrganizationImageField,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import { AppError, invalidParams } from '../../plugins/errors.ts';
import { registerMultipart, uploadError } from '../images/index.ts';
import * as service from './organizations.service.ts';

const tags = ['organizations'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });
const imageFields = new Set<string>(ORGANIZATION_IMAGE_FIELDS);

/** Splits the multipart profile form into text fields and image files (empty file inputs mean "unchanged"). */
async function readProfileForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: service.ProfileImages = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (imageFields.has(part.fieldname) && data.length > 0) files[part.fieldname as OrganizationImageField] = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  const parsed = organizationProfileFieldsSchema.safeParse(fields);
  if (!parsed.success) throw invalidParams(parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message })));
  return { fields: parsed.data, files };
}

export async function organizationsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { preHandler: guards.marketplaceWrite };

  r.get(
    '/v1/marketplace/organizations',
    {
      schema: {
        tags,
        summary: "A port's seller organizations; empty unless signed in",
        querystring: organizationsQuerySchema,
        response: { 200: organizationListSchema },
      },
    },
    async (request) => service.listOrganizations(ctx, request.auth, request.query.port),
  );
  r.get(
    '/v1/marketplace/organizations/:id',
    {
      schema: {
        tags,
        summary: "An organization with its listings; anonymous callers get a seller's public profile (contact fields null), buyers' organizations 404",
        params: idParams,
        response: { 200: organizationSchema },
      },
    },
    async (request) => service.getOrganization(ctx, request.auth, request.params.id),
  );
  r.get(
    '/v1/marketplace/organizations/:id/ports',
    { schema: { tags, summary: 'Port offices of an organization (e-mail and phone need sign-in)', params: idParams, response: { 200: organizationPortListSchema } } },
    async (request) => service.listPorts(ctx, request.auth, request.params.id),
  );
  r.post(
    '/v1/marketplace/organizations/:id/ports',
    { ...write, schema: { tags, security, summary: 'Add port info (members only)', params: idParams, body: organizationPortBodySchema, response: { 201: organizationPortSchema } } },
    async (request, reply) => reply.status(201).send(await service.createPort(ctx, authOf(request), request.params.id, request.body)),
  );
  r.put(
    '/v1/marketplace/organizations/:id/ports/:portId',
    {
      ...write,
      schema: { tags, security, summary: 'Update port info (members only)', params: idParams.extend({ portId: z.uuid() }), body: organizationPortBodySchema, response: { 200: organizationPortSchema } },
    },
    async (request) => service.updatePort(ctx, authOf(request), request.params.id, request.params.portId, request.body),
  );

  await app.register(async (child) => {
    await registerMultipart(child);
    child.withTypeProvider<ZodTypeProvider>().post(
      '/v1/marketplace/organizations/:id/profile',
      {
        ...write,
        schema: {
          tags,
          security,
          summary: 'Save the profile (multipart: text fields, logoImage required unless set, iconImage and mainImage when changed)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: organizationSchema },
        },
      },
      async (request) => {
        const auth = authOf(request);
        if (auth.org !== request.params.id) throw new AppError('forbidden', 403, { reason: 'not-member' });
        const { fields, files } = await readProfileForm(request);
        return service.updateProfile(ctx, auth, request.params.id, fields, files);
      },
    );
  });
}
