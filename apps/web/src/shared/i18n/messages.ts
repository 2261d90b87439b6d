import type { TFunction } from 'i18next';
import { namespaces } from '@harbor/i18n/namespaces';

/**
 * Zod issues and server invalidParams carry i18n keys: shared validation writes
 * them `validation.required` (namespace, dot, key), a module's own rules
 * `listings:validation.closingBeforeOpening` (i18next's colon). The first dot of the former is
 * turned into a colon. Anything that is not such a key (a zod default message)
 * shows the generic invalid text rather than English internals.
 */
export function translateMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  const sep = /^[a-z-]+:/.test(message) ? message.indexOf(':') : message.indexOf('.');
  const ns = sep > 0 ? message.slice(0, sep) : '';
  if ((namespaces as readonly string[]).includes(ns)) return t(`${ns}:${message.slice(sep + 1)}`);
  return t('validation:invalid');
}
