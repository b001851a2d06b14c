import { STORAGE_KEYS } from '@gleba/contracts';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguageToDocument, storeLanguage, storedLanguage } from './stored-language';

describe('stored language', () => {
  it('is null while local storage holds no language', () => {
    expect(storedLanguage()).toBeNull();
  });

  it('reads back what storeLanguage kept under `lang`', () => {
    storeLanguage('uk');
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('uk');
    expect(storedLanguage()).toBe('uk');
  });

  it('is null for a value that is not pl, en or uk', () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'de');
    expect(storedLanguage()).toBeNull();
  });

  it('is null when storage cannot be read', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    try {
      expect(storedLanguage()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sets <html lang>', () => {
    applyLanguageToDocument('en');
    expect(document.documentElement.lang).toBe('en');
    applyLanguageToDocument('pl');
    expect(document.documentElement.lang).toBe('pl');
  });
});
