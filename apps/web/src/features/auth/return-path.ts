/** Where an unauthenticated visitor was headed: kept in the router location state while they sign in or sign up. */
export interface ReturnTo {
  pathname: string;
  search: string;
  hash: string;
}

export interface AuthRedirectState {
  from?: ReturnTo;
}

/** Pages that must never be the target of a return, or sign-in would loop. */
const AUTH_PAGES = new Set(['/login', '/signup', '/confirm']);

export function returnStateFor(location: ReturnTo): AuthRedirectState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** Backslashes and control characters: browsers read `/\host` as `//host` and drop tabs and newlines. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}

/**
 * A same-origin relative path: one leading "/" (never "//"), no backslash or
 * control character anywhere, no scheme. The server's return_to check
 * (apps/server/src/modules/auth/sign-in-page.ts) follows the same rules.
 */
export function isSafeReturnPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !hasUnsafeCharacter(value);
}

/**
 * The remembered path, search and hash, or the fallback. Only same-site paths
 * are accepted ("/x", never "//host", "/\host" or "https://..."), so a crafted
 * history state cannot send a user off-site after sign-in.
 */
export function returnPathFrom(state: unknown, fallback = '/'): string {
  const from = (state as AuthRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return fallback;
  const { pathname } = from;
  if (AUTH_PAGES.has(pathname)) return fallback;
  const search = typeof from.search === 'string' && from.search.startsWith('?') ? from.search : '';
  const hash = typeof from.hash === 'string' && from.hash.startsWith('#') ? from.hash : '';
  const path = pathname + search + hash;
  return isSafeReturnPath(pathname) && isSafeReturnPath(path) ? path : fallback;
}
