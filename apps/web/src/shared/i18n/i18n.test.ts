import { describe, expect, it } from 'vitest';
import { coreNamespaces, namespaces } from '@harbor/i18n/namespaces';
import { createI18n, loadNamespaces, namespaceFiles, switchLanguage } from './i18n.ts';

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('texts loaded per namespace', () => {
  it('has a file per language for every namespace outside the core, and none for the core', () => {
    const files = Object.keys(namespaceFiles).map((f) => f.replace(/.*locales\//, ''));
    const outside = namespaces.filter((ns) => !(coreNamespaces as readonly string[]).includes(ns));
    expect(files.sort()).toEqual(['en', 'fi'].flatMap((l) => outside.map((ns) => `${l}/${ns}.json`)).sort());
  });

  it('starts with the core texts only, and loads a page’s namespaces on request', async () => {
    const i18n = await createI18n('fi');
    expect(i18n.t('validation:required')).toBe('Tämä kenttä on pakollinen.');
    expect(i18n.hasResourceBundle('fi', 'listings')).toBe(false);
    await loadNamespaces(['listings']);
    expect(i18n.hasResourceBundle('fi', 'listings')).toBe(true);
    expect(i18n.t('listings:search.apply')).not.toBe('search.apply');
  });

  it('loads a namespace that a page forgot to name the first time one of its keys is asked for', async () => {
    const i18n = await createI18n('en');
    expect(i18n.hasResourceBundle('en', 'operator')).toBe(false);
    i18n.t('operator:title');
    expect(await waitFor(() => i18n.hasResourceBundle('en', 'operator'))).toBe(true);
  });

  it('switching language brings the namespaces in use along', async () => {
    const i18n = await createI18n('en');
    await loadNamespaces(['users']);
    await switchLanguage(i18n, 'fi');
    expect(i18n.language).toBe('fi');
    expect(i18n.hasResourceBundle('fi', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('fi', 'users')).toBe(true);
  });
});
