/** PostgreSQL's SQLSTATE of an error, looked for through Drizzle's wrapping (`cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A `FOR UPDATE NOWAIT` (or any lock asked not to wait) found the row locked by another transaction: 55P03 lock_not_available. */
export const isLockNotAvailable = (err: unknown) => sqlState(err) === '55P03';
