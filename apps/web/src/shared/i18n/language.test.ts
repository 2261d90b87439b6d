import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, readSessionLanguage, resolveLanguage, storeSessionLanguage } from './language.ts';

describe('language choice', () => {
  it('accepts the supported languages, case and region aside', () => {
    expect(resolveLanguage('fi')).toBe('fi');
    expect(resolveLanguage('FI-fi')).toBe('fi');
    expect(resolveLanguage('en_GB')).toBe('en');
  });

  it('falls back to English for unknown or missing values', () => {
    expect(resolveLanguage('sv')).toBe('en');
    expect(resolveLanguage('')).toBe('en');
    expect(resolveLanguage(null)).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
  });

  it('stores the choice in the session storage it is given', () => {
    window.sessionStorage.clear();
    expect(readSessionLanguage(window.sessionStorage)).toBe('en');
    storeSessionLanguage(window.sessionStorage, 'fi');
    expect(window.sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fi');
    expect(readSessionLanguage(window.sessionStorage)).toBe('fi');
    window.sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(readSessionLanguage(window.sessionStorage)).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readSessionLanguage(broken)).toBe('en');
    expect(() => storeSessionLanguage(broken, 'fi')).not.toThrow();
  });
});
