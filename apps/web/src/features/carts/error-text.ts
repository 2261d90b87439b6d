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
 * on cart lines), a line's reason (`meta.reason`, e.g. own listing), else the
 * error code's text from the catalogue.
 */
export function cartErrorTexts(t: TFunction, error: unknown): string[] {
  if (!error) return [];
  const params = invalidParamsOf(error);
  if (params.length) return params.map((p) => messageText(t, p.message, (p as { values?: Record<string, unknown> }).values));
  const reason = isApiRequestError(error) ? error.meta?.reason : undefined;
  if (typeof reason === 'string' && /^[a-z-]+[:.][A-Za-z]/.test(reason)) return [messageText(t, reason)];
  return [t(`errors:${errorCodeOf(error)}`)];
}
