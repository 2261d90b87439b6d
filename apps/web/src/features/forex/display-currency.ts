import { useSyncExternalStore } from 'react';
import { isSupportedCurrency, type Currency } from '@harbor/contracts/money-format';

/**
 * The alternative display currency (buyer spec section 1): one of the 16
 * supported currencies shown next to EUR, or none. Chosen per browser
 * session like the language, so sessionStorage.
 */
export const DISPLAY_CURRENCY_STORAGE_KEY = 'harbor.displayCurrency';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A stored value that is not a supported currency (an old version's, a hand edit) means none. */
export function readDisplayCurrency(storage: KeyValueStorage | null = browserStorage()): Currency | null {
  try {
    const v = storage?.getItem(DISPLAY_CURRENCY_STORAGE_KEY) ?? null;
    return v && isSupportedCurrency(v) ? v : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let current: Currency | null = readDisplayCurrency();

export function setDisplayCurrency(next: Currency | null, storage: KeyValueStorage | null = browserStorage()) {
  current = next;
  try {
    if (next) storage?.setItem(DISPLAY_CURRENCY_STORAGE_KEY, next);
    else storage?.removeItem(DISPLAY_CURRENCY_STORAGE_KEY);
  } catch {
    // Storage disabled: the choice lasts until reload.
  }
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The chosen display currency, or null for EUR only. */
export function useDisplayCurrency(): Currency | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
