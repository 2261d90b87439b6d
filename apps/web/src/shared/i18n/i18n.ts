import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@harbor/contracts';
import type { Language } from '@harbor/contracts';
import { namespaces, resources } from '@harbor/i18n';
import { readSessionLanguage, storeSessionLanguage } from './language.ts';

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A ready i18next instance: the resources are bundled, so init is synchronous
 * and the first render already has its texts (no flash of keys).
 */
export function createI18n(language: Language = readSessionLanguage(sessionStore())): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return instance;
}

/** Switches language and remembers it for this browser session. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  storeSessionLanguage(sessionStore(), language);
  await instance.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
