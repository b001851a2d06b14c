import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@gleba/contracts';
import { resetLanguageStore, useLanguageStore } from './language-store';

describe('admin language', () => {
  it('opens a link from an e-mail (?lang=uk) in that language and leaves the address clean', () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'pl');
    window.history.replaceState(null, '', '/admin/set-password/t0k3n?lang=uk');
    resetLanguageStore();
    expect(useLanguageStore.getState().lang).toBe('uk');
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('uk');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/admin/set-password/t0k3n');
    window.history.replaceState(null, '', '/');
  });
});
