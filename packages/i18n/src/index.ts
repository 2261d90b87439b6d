/**
 * Locale resources: one JSON file per module and language
 * (locales/<lang>/<module>.json). The namespace is the module name, the same
 * name as the server module and the web feature. A module that adds a locale
 * file registers it in ./catalog.ts for both languages.
 */
import type { Language } from '@harbor/contracts';
import { en, fi } from './catalog.ts';
import type { LanguageResources } from './namespaces.ts';

export { namespaces } from './namespaces.ts';
export type { LanguageResources, Namespace } from './namespaces.ts';
export type Resources = Record<Language, LanguageResources>;

export const resources: Resources = { en, fi };

/** Flattened "a.b.c" keys of one namespace object, for parity checks. */
export function flatKeys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** Looks a dotted key up in one language; used by the server for e-mails. */
export function translate(lang: Language, ns: keyof LanguageResources, key: string, vars: Record<string, string> = {}): string {
  let node: unknown = resources[lang][ns];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, v: string) => vars[v] ?? '');
}
