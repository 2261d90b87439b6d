import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, preValidationHookHandler } from 'fastify';
import { Scope, isLimitedOnly } from '@harbor/contracts';
import type { AppContext } from '../context.ts';
import { authService, type AccessToken } from '../modules/auth/index.ts';
import { AppError, forbidden } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessToken | null;
  }
}

export interface Guards {
  /** Bearer token required. */
  user: preHandlerHookHandler;
  /** Bearer token with the operator scope. */
  operator: preHandlerHookHandler;
  /** Writes that change marketplace data: refused to limited-rights users. */
  marketplaceWrite: preHandlerHookHandler;
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** Reads the bearer token on every request; guards decide what a route needs. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): Guards {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerOf(request);
    if (token) request.auth = await authService.authenticate(ctx, token);
  });
  const user: preHandlerHookHandler = async (request) => {
    if (!request.auth) throw new AppError('unauthorized', 401);
  };
  const guards: Guards = {
    user,
    operator: async (request) => {
      if (!request.auth) throw new AppError('unauthorized', 401);
      if (!request.auth.scopes.includes(Scope.operator)) throw forbidden();
    },
    marketplaceWrite: async (request) => {
      if (!request.auth) throw new AppError('unauthorized', 401);
      if (isLimitedOnly(request.auth.scopes)) throw forbidden({ reason: 'limited-user' });
    },
  };
  runGuardsBeforeValidation(app, new Set(Object.values(guards)));
  return guards;
}

/**
 * Routes name a guard as a preHandler, which Fastify runs after validating the
 * request: an anonymous or limited caller with a bad body got a 400 that
 * describes the schema instead of 401 or 403 (the authorization matrix showed
 * it on every guarded write). Every route's guards move to the front of its
 * preValidation hooks, so who may call is decided before what was sent.
 */
function runGuardsBeforeValidation(app: FastifyInstance, guards: Set<preHandlerHookHandler>) {
  const asList = <T>(h: T | T[] | undefined): T[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);
  app.addHook('onRoute', (route) => {
    const pre = asList(route.preHandler as preHandlerHookHandler | preHandlerHookHandler[] | undefined);
    const found = pre.filter((h) => guards.has(h));
    if (found.length === 0) return;
    const rest = pre.filter((h) => !guards.has(h));
    route.preHandler = rest.length ? rest : undefined;
    route.preValidation = [...(found as unknown as preValidationHookHandler[]), ...asList(route.preValidation)];
  });
}

/** The signed-in caller; only for routes behind a guard. */
export function authOf(request: FastifyRequest): AccessToken {
  if (!request.auth) throw new AppError('unauthorized', 401);
  return request.auth;
}
