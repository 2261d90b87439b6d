import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { invalidParamsOf } from '../api-client/index.ts';

/**
 * Puts the server's validation-invalid-params field errors on the form fields.
 * Returns true when at least one landed on a known field, so the caller can
 * skip the generic banner.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  let applied = false;
  for (const param of invalidParamsOf(error)) {
    const field = fields.find((f) => f === param.path);
    if (!field) continue;
    setError(field, { type: 'server', message: param.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
