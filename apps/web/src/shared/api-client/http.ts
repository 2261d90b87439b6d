import { ApiRequestError, errorFromResponse } from './api-error.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
  /** Let the request finish even if the page unloads (logout followed by a navigation). */
  keepalive?: boolean;
  /** Extra request headers (e.g. an Idempotency-Key); the JSON and auth headers above them win. */
  headers?: Record<string, string>;
}

/**
 * One JSON call. Cookies always travel (credentials: 'include') because the
 * backend endpoints of the spec read the HttpOnly session cookie; a bearer
 * token is added when given. Non-OK answers throw ApiRequestError.
 */
export async function httpJson<T>(fetchImpl: FetchLike, url: string, options: HttpOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiRequestError('network', 0);
  }
  if (!res.ok) throw await errorFromResponse(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
