export * as authService from './auth.service.ts';
export { authRoutes } from './auth.routes.ts';
export type { AccessToken } from './tokens.ts';
export { oidcProvider, type IdentityProvider } from './identity-providers.ts';
