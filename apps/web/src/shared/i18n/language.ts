import { DEFAULT_LANGUAGE, LANGUAGES } from '@harbor/contracts/constants';
import type { Language } from '@harbor/contracts';

/** The language is chosen per browser session (seller spec section 1), so sessionStorage, not localStorage. */
export const LANGUAGE_STORAGE_KEY = 'harbor.language';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Maps anything (a stored value, 'fi-FI', garbage) to a supported language; unknown falls back to English. */
export function resolveLanguage(value: string | null | undefined): Language {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : DEFAULT_LANGUAGE;
}

export function readSessionLanguage(storage: KeyValueStorage | null): Language {
  try {
    return resolveLanguage(storage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeSessionLanguage(storage: KeyValueStorage | null, language: Language): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage disabled: the choice lasts until reload, which is all we can do.
  }
}
