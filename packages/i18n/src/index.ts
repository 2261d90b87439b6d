/**
 * Locale resources: one JSON file per module and language
 * (locales/<lang>/<module>.json). The namespace is the module name, the same
 * name as the server module and the web feature. A module that adds a locale
 * file registers it in ./catalog.ts for both languages.
 */
import type { Language } from '@harbor/contracts';
import { en, fi } from './catalog.ts';

export type Namespace = keyof typeof en;
export type Resources = Record<Language, Record<Namespace, Record<string, unknown>>>;

export const resources: Resources = { en, fi };
export const namespaces = Object.keys(en) as Namespace[];

/** Flattened "a.b.c" keys of one namespace object, for parity checks. */
export function flatKeys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** Looks a dotted key up in one language; used by the server for e-mails. */
export function translate(lang: Language, ns: Namespace, key: string, vars: Record<string, string> = {}): string {
  let node: unknown = resources[lang][ns];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, v: string) => vars[v] ?? '');
}
