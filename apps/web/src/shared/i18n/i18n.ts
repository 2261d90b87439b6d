import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@harbor/contracts/constants';
import type { Language } from '@harbor/contracts';
import { namespaces } from '@harbor/i18n/namespaces';
import type { LanguageResources } from '@harbor/i18n/namespaces';
import { readSessionLanguage, storeSessionLanguage } from './language.ts';

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Each language's texts are a chunk of their own: a visitor downloads only the
 * language they read (about half of all texts), and the other when they switch.
 */
const loaders: Record<Language, () => Promise<LanguageResources>> = {
  en: () => import('@harbor/i18n/en').then((m) => m.en),
  fi: () => import('@harbor/i18n/fi').then((m) => m.fi),
};

/**
 * An i18next instance over resources already in hand, so init is synchronous
 * and the first render has its texts (no flash of keys).
 */
export function initI18n(language: Language, resources: Partial<Record<Language, LanguageResources>>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return instance;
}

/** The app's instance: the session's language (or the default) is loaded before the first render. */
export async function createI18n(language: Language = readSessionLanguage(sessionStore())): Promise<I18n> {
  return initI18n(language, { [language]: await loaders[language]() });
}

/** Switches language (loading its texts the first time) and remembers it for this browser session. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'common')) {
    const texts = await loaders[language]();
    for (const ns of namespaces) instance.addResourceBundle(language, ns, texts[ns], true, true);
  }
  storeSessionLanguage(sessionStore(), language);
  await instance.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
