/**
 * Stripe's idempotency keys, as the local provider keeps them: the first request with a key makes
 * the object and every later one gets it back. `insert` must do nothing on a conflict over the key
 * (`onConflictDoNothing`), so two requests racing with one key (a double click, a client's retry
 * while the first is still running) both get the one object; a select first and an insert after
 * let both insert, and the second failed on the key's unique index.
 */
export async function madeOnce<R>(insert: () => Promise<R[]>, byKey: () => Promise<R[]>): Promise<R> {
  const [made] = await insert();
  if (made) return made;
  const [held] = await byKey();
  if (!held) throw new Error('idempotency key in conflict, but no object holds it');
  return held;
}
