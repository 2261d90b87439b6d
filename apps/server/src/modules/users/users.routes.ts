import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailBodySchema,
  currentUserSchema,
  okSchema,
  registerBodySchema,
  registerResponseSchema,
  serviceRequestBodySchema,
  updateProfileBodySchema,
  userSchema,
  verifyEmailBodySchema,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import * as service from './users.service.ts';

const tags = ['users'];
const security = [{ bearerAuth: [] }];

export function usersRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const strict = { rateLimit: { max: ctx.config.LOGIN_RATE_LIMIT_PER_MIN, timeWindow: '1 minute' } };

  r.post(
    '/api/users/register',
    { config: strict, schema: { tags, summary: 'Sign up; the account waits for approval', body: registerBodySchema, response: { 201: registerResponseSchema } } },
    async (request, reply) => reply.status(201).send(await service.register(ctx, request.body)),
  );

  r.get(
    '/api/users/me',
    { preHandler: guards.user, schema: { tags, security, summary: 'The signed-in user', response: { 200: currentUserSchema } } },
    async (request) => service.getCurrentUser(ctx, authOf(request).sub),
  );

  // The profile is shown on the marketplace, so limited-rights users may not change it.
  r.patch(
    '/api/users/me',
    {
      preHandler: guards.marketplaceWrite,
      schema: { tags, security, summary: 'Update profile', body: updateProfileBodySchema, response: { 200: currentUserSchema } },
    },
    async (request) => service.updateProfile(ctx, authOf(request).sub, request.body),
  );

  r.post(
    '/api/users/me/email',
    {
      preHandler: guards.user,
      config: strict,
      schema: { tags, security, summary: 'Change e-mail (current password required)', body: changeEmailBodySchema, response: { 200: currentUserSchema } },
    },
    async (request) => service.changeEmail(ctx, authOf(request).sub, request.body),
  );

  r.post(
    '/api/users/me/verification-email',
    { preHandler: guards.user, schema: { tags, security, summary: 'Send a verification e-mail (5 a day)', response: { 200: okSchema } } },
    async (request) => {
      await service.sendVerification(ctx, authOf(request).sub);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/users/verify-email',
    { preHandler: guards.user, schema: { tags, security, summary: 'Verify the e-mail with the mailed token', body: verifyEmailBodySchema, response: { 200: currentUserSchema } } },
    async (request) => service.verifyEmail(ctx, authOf(request).sub, request.body.verificationToken),
  );

  r.post(
    '/api/users/service-request',
    { config: strict, schema: { tags, summary: 'Feedback and service requests', body: serviceRequestBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await service.serviceRequest(ctx, request.body, request.auth?.sub);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/users/:id',
    { schema: { tags, summary: 'Public profile', params: z.object({ id: z.string().uuid() }), response: { 200: userSchema } } },
    async (request) => service.getPublicUser(ctx, request.params.id),
  );
}
