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

/**
 * The remembered path, search and hash, or the fallback. Only same-site paths
 * are accepted ("/x", never "//host" or "https://..."), so a crafted history
 * state cannot send a user off-site after sign-in.
 */
export function returnPathFrom(state: unknown, fallback = '/'): string {
  const from = (state as AuthRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return fallback;
  const { pathname } = from;
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith('/\\')) return fallback;
  if (AUTH_PAGES.has(pathname)) return fallback;
  const search = typeof from.search === 'string' && from.search.startsWith('?') ? from.search : '';
  const hash = typeof from.hash === 'string' && from.hash.startsWith('#') ? from.hash : '';
  return pathname + search + hash;
}
