import type { TFunction } from 'i18next';
import { errorCodeOf, invalidParamsOf } from '../../../shared/api-client/index.ts';

/**
 * The text for a refused call: a field message the server named (an i18n key
 * such as `validation.tooLong` or `errors:attachment-unsupported-type`), else
 * the catalogue's text for the code.
 */
export function errorReason(t: TFunction, error: unknown): string {
  const [first] = invalidParamsOf(error);
  if (first) return t(first.message.includes(':') ? first.message : first.message.replace(/^([a-z-]+)\./, '$1:'));
  return t(`errors:${errorCodeOf(error)}`);
}
