import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config.ts';

/** An external identity provider vouching for a person's e-mail (the create-user-with-idp slot). */
export interface IdentityProvider {
  id: string;
  verify(idpToken: string): Promise<{ subject: string; email: string; emailVerified: boolean } | null>;
}

/**
 * Generic OpenID Connect: the client sends the provider's ID token; we check
 * its signature against the provider's JWKS, the issuer and the audience.
 */
export function oidcProvider(opts: { issuer: string; clientId: string; jwksUrl?: string }): IdentityProvider {
  const jwksUrl = new URL(opts.jwksUrl ?? `${opts.issuer.replace(/\/$/, '')}/.well-known/jwks.json`);
  const jwks = createRemoteJWKSet(jwksUrl);
  return {
    id: 'oidc',
    async verify(idpToken) {
      try {
        const { payload } = await jwtVerify(idpToken, jwks, { issuer: opts.issuer, audience: opts.clientId });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return {
          subject: payload.sub,
          email: payload.email.toLowerCase(),
          emailVerified: payload.email_verified === true,
        };
      } catch {
        return null;
      }
    },
  };
}

export function configuredProviders(config: Config): Map<string, IdentityProvider> {
  const providers = new Map<string, IdentityProvider>();
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID) {
    const p = oidcProvider({ issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, jwksUrl: config.OIDC_JWKS_URL });
    providers.set(p.id, p);
  }
  return providers;
}
