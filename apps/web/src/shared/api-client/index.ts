import { SessionClient } from './session.ts';

export { ApiRequestError, errorCodeOf, invalidParamsOf, isApiRequestError } from './api-error.ts';
export type { ClientErrorCode } from './api-error.ts';
export { responseSchemas } from './lazy-schemas.ts';
export { lazyImport, parseAnswer } from './lazy-import.ts';
export type { SessionStatus } from './session.ts';

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy modes); the session then lives in memory only.
    return null;
  }
}

/** The one session of the running app. Tests build their own SessionClient. */
export const session = new SessionClient({
  fetch: (input, init) => fetch(input, init),
  storage: browserStorage(),
});

/** Authenticated calls (bearer token, refreshed as needed). */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => session.request<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => session.request<T>(path, { method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => session.request<T>(path, { method: 'PATCH', body }),
};

/** Calls that need no sign-in (registration, password recovery, feedback). */
export const publicApi = {
  get: <T>(path: string, signal?: AbortSignal) => session.publicRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => session.publicRequest<T>(path, { method: 'POST', body: body ?? {} }),
};
