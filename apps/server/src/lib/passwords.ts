import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * A hash with the same parameters as hashPassword's (argon2id, m=19456, t=2,
 * p=1) whose password nobody knows. Checking a password against it costs what
 * a real check costs, so an unknown e-mail (or an account without a password)
 * answers exactly as slowly as a wrong password.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$CW5Z2cNEASE1C3fXBAwN9Q$php3x8lF2yuW3odN9buWQrxkHtI7RTgCfAtzj6WApp8';

/** Always runs one argon2 verification, against the dummy hash when there is no real one. */
export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(hashed || DUMMY_PASSWORD_HASH, password);
    return ok && !!hashed;
  } catch {
    return false;
  }
}
