import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_S, accessClaimsSchema, type AccessClaims } from '@harbor/contracts';

const ISSUER = 'harbor';

export interface AccessToken extends AccessClaims {
  /** Refresh family (and through it the session) the token belongs to. */
  fam: string;
}

export async function signAccessToken(secret: string, claims: AccessToken, ttlS = ACCESS_TOKEN_TTL_S) {
  return new SignJWT({ org: claims.org, roles: claims.roles, scopes: claims.scopes, fam: claims.fam })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlS}s`)
    .sign(new TextEncoder().encode(secret));
}

/**
 * Returns the claims of a valid, unexpired token, or null. A token without
 * `exp` (or `iat`) is refused, and none is accepted longer than an access
 * token lives, whatever its `exp` says.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessToken | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: `${ACCESS_TOKEN_TTL_S}s`,
    });
    const claims = accessClaimsSchema.safeParse(payload);
    if (!claims.success || typeof payload.fam !== 'string') return null;
    return { ...claims.data, fam: payload.fam };
  } catch {
    return null;
  }
}
