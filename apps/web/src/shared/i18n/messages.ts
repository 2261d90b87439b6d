import type { TFunction } from 'i18next';
import { namespaces } from '@harbor/i18n/namespaces';

/**
 * Zod issues and server invalidParams carry i18n keys written `validation.required`
 * (namespace, dot, key). i18next separates namespaces with a colon, so the first
 * dot is turned into one. Anything that is not such a key (a zod default message)
 * shows the generic invalid text rather than English internals.
 */
export function translateMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  const dot = message.indexOf('.');
  const ns = dot > 0 ? message.slice(0, dot) : '';
  if ((namespaces as readonly string[]).includes(ns)) return t(`${ns}:${message.slice(dot + 1)}`);
  return t('validation:invalid');
}
