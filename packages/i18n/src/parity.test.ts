import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@harbor/contracts';
import { flatKeys, namespaces, resources } from './index.ts';

describe('locales', () => {
  it('lists every namespace of each language, and no other', () => {
    expect(Object.keys(resources.en).sort()).toEqual([...namespaces].sort());
    expect(Object.keys(resources.fi).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('en and fi have the same keys in %s', (ns) => {
    const en = flatKeys(resources.en[ns]).sort();
    const fi = flatKeys(resources.fi[ns]).sort();
    expect(fi.filter((k) => !en.includes(k)), 'keys only in fi').toEqual([]);
    expect(en.filter((k) => !fi.includes(k)), 'keys missing from fi').toEqual([]);
  });

  it('has no empty strings', () => {
    for (const lang of ['en', 'fi'] as const)
      for (const ns of namespaces)
        for (const key of flatKeys(resources[lang][ns])) {
          const value = key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], resources[lang][ns]);
          expect(value, `${lang}:${ns}.${key}`).not.toBe('');
        }
  });

  it('translates every error code', () => {
    for (const code of ERROR_CODES) expect(resources.en.errors, code).toHaveProperty([code]);
  });
});
