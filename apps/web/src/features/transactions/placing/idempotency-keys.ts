import type { ClientErrorCode } from '../../../shared/api-client/index.ts';

/**
 * One Idempotency-Key per cart line and attempt, kept in sessionStorage so a
 * reload in the middle of placing sends the same key again. A key is kept
 * across retries whose outcome is unknown (no answer, a 5xx, a plain conflict
 * while the first call still runs, a rate limit): the server then answers the
 * transaction the first call made, never a second one. Only a definite
 * refusal (a 4xx with a reason such as not enough stock: no transaction was
 * made) gets a fresh key, so the retry is a new attempt and not a replay of
 * the refusal.
 */
const PREFIX = 'harbor.place-key.';

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const memory = new Map<string, string>();

export function idempotencyKeyFor(lineId: string): string {
  const storage = store();
  const existing = storage?.getItem(PREFIX + lineId) ?? memory.get(lineId);
  if (existing) return existing;
  const key = `${lineId}.${crypto.randomUUID()}`;
  memory.set(lineId, key);
  storage?.setItem(PREFIX + lineId, key);
  return key;
}

/** Whether a failure proves that no transaction was made (so the next attempt may use a new key). */
export function isDefiniteRefusal(status: number, code: ClientErrorCode): boolean {
  return status >= 400 && status < 500 && code !== 'conflict' && code !== 'too-many-requests' && code !== 'network';
}

export function forgetIdempotencyKey(lineId: string): void {
  memory.delete(lineId);
  store()?.removeItem(PREFIX + lineId);
}
