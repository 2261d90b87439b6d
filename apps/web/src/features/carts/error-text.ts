import type { TFunction } from 'i18next';
import { errorCodeOf, invalidParamsOf, isApiRequestError } from '../../shared/api-client/index.ts';
import { formatDateTime } from '../../shared/i18n/format.ts';

const ISO_TIME = /^\d{4}-\d\d-\d\dT/;

/** One contract message key (`ns:key` or `ns.key`) with its values, ISO times shown as DD.MM.YYYY HH:MM. */
export function messageText(t: TFunction, message: string, values?: Record<string, unknown>): string {
  const shown = Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, typeof v === 'string' && ISO_TIME.test(v) ? formatDateTime(v) : v]));
  const key = /^[a-z-]+:/.test(message) ? message : message.replace('.', ':');
  return t(key, { ...shown, defaultValue: t('validation:invalid') });
}

/**
 * The texts of a failed cart call: the field messages of a
 * validation-invalid-params answer (the order panel's rules, run by the server
 * on cart lines), a refusal's reason (`meta.reason`, with the other meta as its
 * values), else the error code's text from the catalogue.
 */
export function cartErrorTexts(t: TFunction, error: unknown): string[] {
  if (!error) return [];
  const params = invalidParamsOf(error);
  if (params.length) return params.map((p) => messageText(t, p.message, (p as { values?: Record<string, unknown> }).values));
  const meta = isApiRequestError(error) ? error.meta : undefined;
  const reason = meta?.reason;
  // The refusal's other meta fields are its text's values (e.g. `max` of carts:errors.tooManyTemplates).
  if (typeof reason === 'string' && /^[a-z-]+[:.][A-Za-z]/.test(reason)) return [messageText(t, reason, meta)];
  return [t(`errors:${errorCodeOf(error)}`)];
}
