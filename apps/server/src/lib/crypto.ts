import { createHash, randomBytes } from 'node:crypto';

/** URL-safe random token for cookies, refresh tokens and e-mail links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as hashes, so a database leak yields nothing usable. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
