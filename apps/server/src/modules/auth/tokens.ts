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
 * Tokens already verified, by their text: a map polling the ships API sends the
 * same bearer token with every request of its life, and verifying it again (a
 * WebCrypto key import and an HMAC on the thread pool) was a fifth of the CPU of
 * a cached ships answer (bench/README-ships.md section 4). An entry is used only
 * for the secret it was verified with and only until the token's `exp` or its
 * maximum age, whichever comes first, so it accepts exactly what jwtVerify would;
 * whether the session is still live is not decided here (authenticate asks on
 * every request). Only valid tokens are held, at most VERIFIED_MAX.
 */
const verified = new Map<string, { secret: string; claims: AccessToken; untilMs: number }>();
const VERIFIED_MAX = 10_000;

function remember(secret: string, token: string, claims: AccessToken, exp: number, iat: number) {
  if (verified.size >= VERIFIED_MAX) {
    const now = Date.now();
    for (const [k, v] of verified) if (v.untilMs <= now) verified.delete(k);
    if (verified.size >= VERIFIED_MAX) verified.clear();
  }
  Object.freeze(claims.scopes);
  verified.set(token, { secret, claims: Object.freeze(claims), untilMs: Math.min(exp, iat + ACCESS_TOKEN_TTL_S) * 1000 });
}

/**
 * Returns the claims of a valid, unexpired token, or null. A token without
 * `exp` (or `iat`) is refused, and none is accepted longer than an access
 * token lives, whatever its `exp` says.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessToken | null> {
  const held = verified.get(token);
  if (held && held.secret === secret) {
    if (Date.now() < held.untilMs) return held.claims;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: `${ACCESS_TOKEN_TTL_S}s`,
    });
    const claims = accessClaimsSchema.safeParse(payload);
    if (!claims.success || typeof payload.fam !== 'string') return null;
    const access = { ...claims.data, fam: payload.fam };
    remember(secret, token, access, payload.exp!, payload.iat!);
    return access;
  } catch {
    return null;
  }
}
