import type { ApiError, ErrorCode, InvalidParam } from '@harbor/contracts';
import { responseSchemas } from './lazy-schemas.ts';

/**
 * Codes the client raises itself on top of the server catalogue: `network` when
 * no answer arrived, `noTokens` when an authenticated call is made without a
 * session. Both have texts in the `errors` namespace.
 */
export type ClientErrorCode = ErrorCode | 'network' | 'noTokens';

/** One failed API call, normalised from `{ apiErrors: [{ code, status, meta }] }`. */
export class ApiRequestError extends Error {
  readonly code: ClientErrorCode;
  readonly status: number;
  readonly meta: Record<string, unknown> | undefined;
  /** Every error the server listed; `code` and `meta` come from the first. */
  readonly apiErrors: readonly ApiError[];

  constructor(code: ClientErrorCode, status: number, meta?: Record<string, unknown>, apiErrors: readonly ApiError[] = []) {
    super(code === 'noTokens' ? 'No tokens' : `API error ${code} (${status})`);
    this.name = 'ApiRequestError';
    this.code = code;
    this.status = status;
    this.meta = meta;
    this.apiErrors = apiErrors;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** Builds the typed error from a non-OK response; bodies that are not the catalogue shape become internal-error. */
export async function errorFromResponse(res: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy page, an empty 502): the status alone has to do.
  }
  const { apiErrorsSchema } = await responseSchemas();
  const parsed = apiErrorsSchema.safeParse(body);
  const first = parsed.success ? parsed.data.apiErrors[0] : undefined;
  if (parsed.success && first) return new ApiRequestError(first.code, first.status, first.meta, parsed.data.apiErrors);
  return new ApiRequestError(fallbackCode(res.status), res.status);
}

function fallbackCode(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload-too-large';
  if (status === 429) return 'too-many-requests';
  return 'internal-error';
}

/** Field errors of a validation-invalid-params answer; each message is an i18n key such as `validation.required`. */
export function invalidParamsOf(error: unknown): InvalidParam[] {
  if (!isApiRequestError(error) || error.code !== 'validation-invalid-params') return [];
  const list = error.meta?.invalidParams;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (p): p is InvalidParam => typeof p === 'object' && p !== null && typeof p.path === 'string' && typeof p.message === 'string',
  );
}

/** The error code to show for anything a call can throw. */
export function errorCodeOf(error: unknown): ClientErrorCode {
  if (isApiRequestError(error)) return error.code;
  return 'internal-error';
}
