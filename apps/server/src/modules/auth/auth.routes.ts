import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SESSION_COOKIE,
  changePasswordBodySchema,
  createUserWithIdpBodySchema,
  loginBodySchema,
  okSchema,
  recoveryBodySchema,
  refreshBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  tokenResponseSchema,
} from '@harbor/contracts';
import { translate } from '@harbor/i18n';
import type { AppContext } from '../../context.ts';
import { AppError, handleError, invalidParams } from '../../plugins/errors.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import { sameOriginOnly } from '../../plugins/same-origin.ts';
import { usersService } from '../users/index.ts';
import * as service from './auth.service.ts';
import { configuredProviders } from './identity-providers.ts';
import { safeReturnPath, signInPage } from './sign-in-page.ts';

const tags = ['auth'];

const isForm = (request: FastifyRequest) =>
  !!request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded');

/** Token answers must not be kept by any cache on the way. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

export function authRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const providers = configuredProviders(ctx.config);
  const loginLimit = { rateLimit: { max: ctx.config.LOGIN_RATE_LIMIT_PER_MIN, timeWindow: '1 minute' } };

  const sameOrigin = sameOriginOnly(ctx.config.PUBLIC_URL);

  const setSession = (reply: FastifyReply, token: string, expires: Date) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.config.secureCookies,
      path: '/',
      expires,
    });

  r.get(
    '/api/auth/harbor',
    { schema: { tags, summary: 'Provider-hosted sign-in page (HTML)', querystring: z.object({ return_to: z.string().optional() }) } },
    async (request, reply) =>
      reply.type('text/html').send(signInPage({ returnTo: safeReturnPath(request.query.return_to) })),
  );

  // The hosted page posts a plain form: this is the one route that parses form
  // bodies (its own scope); every JSON route refuses them, so no other site's
  // form can post to the API.
  app.register(async (scope) => {
    await scope.register(formbody);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/harbor/login',
      {
        config: loginLimit,
        onRequest: sameOrigin,
        schema: {
          tags,
          summary: 'Sign in with e-mail and password; sets the HttpOnly session cookie',
          body: loginBodySchema.extend({ return_to: z.string().optional() }),
          response: { 200: okSchema },
        },
        // The hosted page posts a form; it gets its answer as a page, not JSON.
        errorHandler: (err, request, reply) => {
          if (!isForm(request)) return handleError(err, request, reply as FastifyReply);
          const code = err instanceof AppError ? err.code : 'invalid-credentials';
          const body = (request.body ?? {}) as { email?: string; return_to?: string };
          return (reply as FastifyReply)
            .status(err instanceof AppError ? err.status : 400)
            .type('text/html')
            .send(signInPage({ returnTo: safeReturnPath(body.return_to), email: body.email, error: translate('en', 'errors', code) }));
        },
      },
      async (request, reply) => {
        const { sessionToken, expiresAt } = await service.login(ctx, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          replacedSessionToken: request.cookies[SESSION_COOKIE],
        });
        setSession(reply, sessionToken, expiresAt);
        noStore(reply);
        if (isForm(request)) return reply.redirect(safeReturnPath(request.body.return_to), 303);
        return { ok: true as const };
      },
    );
  });

  r.get(
    '/api/auth/harbor/token',
    { schema: { tags, summary: 'Token pair for the session cookie', response: { 200: tokenResponseSchema } } },
    async (request, reply) => {
      noStore(reply);
      return service.tokensForSession(ctx, request.cookies[SESSION_COOKIE]);
    },
  );

  r.post(
    '/api/auth/harbor/token',
    {
      config: loginLimit,
      onRequest: sameOrigin,
      schema: { tags, summary: 'Rotate a refresh token', body: refreshBodySchema, response: { 200: tokenResponseSchema } },
    },
    async (request, reply) => {
      noStore(reply);
      return service.refresh(ctx, request.body.refresh_token, request.cookies[SESSION_COOKIE]);
    },
  );

  r.post(
    '/api/auth/harbor/logout',
    {
      onRequest: sameOrigin,
      schema: {
        tags,
        summary: 'Clear the session cookie and revoke its tokens',
        body: z.object({ refresh_token: z.string().optional() }).nullish(),
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await service.logout(ctx, request.cookies[SESSION_COOKIE], request.body?.refresh_token);
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: ctx.config.secureCookies });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/create-user-with-idp',
    {
      schema: {
        tags,
        summary: 'Sign up a person vouched for by an external identity provider',
        body: createUserWithIdpBodySchema,
        response: { 201: registerResponseSchema },
      },
    },
    async (request, reply) => {
      const provider = providers.get(request.body.idpId);
      if (!provider) throw invalidParams([{ path: 'body.idpId', message: 'validation.invalid' }]);
      const identity = await provider.verify(request.body.idpToken);
      if (!identity) throw new AppError('invalid-token', 400);
      return reply.status(201).send(await usersService.registerWithIdp(ctx, request.body, identity));
    },
  );

  r.post(
    '/api/users/me/password',
    {
      preHandler: guards.user,
      config: loginLimit,
      schema: { tags, summary: 'Change password (current password required)', body: changePasswordBodySchema, response: { 200: okSchema } },
    },
    async (request) => {
      const auth = authOf(request);
      await service.changePassword(ctx, { userId: auth.sub, familyId: auth.fam }, request.body);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/users/password-recovery',
    { config: loginLimit, schema: { tags, summary: 'E-mail a password reset link', body: recoveryBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await service.requestPasswordReset(ctx, request.body.email);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/users/password-reset',
    { config: loginLimit, schema: { tags, summary: 'Set a new password with a reset token', body: resetPasswordBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await service.resetPassword(ctx, request.body);
      return { ok: true as const };
    },
  );
}
