import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@harbor/contracts/constants';
import type { Language } from '@harbor/contracts';
import { namespaces } from '@harbor/i18n/namespaces';
import type { LanguageResources, Namespace } from '@harbor/i18n/namespaces';
import { readSessionLanguage, storeSessionLanguage } from './language.ts';

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

type Texts = Partial<LanguageResources>;

/**
 * Texts are chunks per language and namespace: the shell's namespaces in one
 * chunk before the first render, every other namespace with the pages that
 * use it (see app/route-namespaces.ts), so a page downloads only the texts it
 * shows, in the language it is read in.
 */
const coreLoaders: Record<Language, () => Promise<Texts>> = {
  en: () => import('@harbor/i18n/core-en').then((m) => m.core),
  fi: () => import('@harbor/i18n/core-fi').then((m) => m.core),
};
// Glob patterns must be literals: the core namespaces (in the core chunks) are left out by name.
export const namespaceFiles = import.meta.glob<Record<string, unknown>>(
  [
    '../../../../../packages/i18n/locales/*/*.json',
    '!../../../../../packages/i18n/locales/*/common.json',
    '!../../../../../packages/i18n/locales/*/errors.json',
    '!../../../../../packages/i18n/locales/*/validation.json',
    '!../../../../../packages/i18n/locales/*/site.json',
  ],
  { import: 'default' },
);
const namespaceLoader = (language: Language, ns: Namespace) => namespaceFiles[`../../../../../packages/i18n/locales/${language}/${ns}.json`];

/** The app's instance, for the route table's page loaders (which run outside React). */
let appI18n: I18n | undefined;

/** Loads the namespaces' texts in the language (the current one by default, and the fallback) that are not there yet. */
export async function loadNamespaces(nss: readonly Namespace[], instance: I18n | undefined = appI18n, language?: Language): Promise<void> {
  if (!instance) return;
  const languages = [...new Set([language ?? (instance.language as Language), DEFAULT_LANGUAGE])];
  await Promise.all(
    languages.flatMap((language) =>
      nss
        .filter((ns) => !instance.hasResourceBundle(language, ns))
        .map(async (ns) => {
          const load = namespaceLoader(language, ns);
          if (load) instance.addResourceBundle(language, ns, await load(), true, true);
        }),
    ),
  );
}

/**
 * An i18next instance over resources already in hand, so init is synchronous
 * and the first render has its texts (no flash of keys). A key of a namespace
 * that is not loaded yet (one a page forgot to name) loads it, and the
 * components using it render again once it is here.
 */
export function initI18n(language: Language, resources: Partial<Record<Language, Texts>>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_languages, ns) => {
      if ((namespaces as readonly string[]).includes(ns) && !instance.hasResourceBundle(instance.language, ns)) {
        void loadNamespaces([ns as Namespace], instance);
      }
    },
    // Texts that arrive later (addResourceBundle) render the components that use them again.
    react: { bindI18n: 'languageChanged', bindI18nStore: 'added' },
  });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return instance;
}

/** The app's instance: the session's language (or the default) is loaded before the first render. */
export async function createI18n(language: Language = readSessionLanguage(sessionStore())): Promise<I18n> {
  const languages = [...new Set([language, DEFAULT_LANGUAGE])];
  const loaded = await Promise.all(languages.map(async (l) => [l, await coreLoaders[l]()] as const));
  appI18n = initI18n(language, Object.fromEntries(loaded));
  return appI18n;
}

/** Switches language (loading the texts in use the first time) and remembers it for this browser session. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'common')) {
    const core = await coreLoaders[language]();
    for (const [ns, texts] of Object.entries(core)) instance.addResourceBundle(language, ns, texts, true, true);
  }
  // The page's texts in the new language first, so it never shows the old language's in between.
  const inUse = namespaces.filter((ns) => instance.hasResourceBundle(instance.language, ns));
  await loadNamespaces(inUse, instance, language);
  await instance.changeLanguage(language);
  storeSessionLanguage(sessionStore(), language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
