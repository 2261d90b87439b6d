import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
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
  return {
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
}

/** The signed-in caller; only for routes behind a guard. */
export function authOf(request: FastifyRequest): AccessToken {
  if (!request.auth) throw new AppError('unauthorized', 401);
  return request.auth;
}
