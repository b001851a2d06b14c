import { Language, STORAGE_KEYS } from '@gleba/contracts';

/**
 * The language the user picked, kept in local storage `lang` (the admin and customer apps share
 * the key). Null when none is stored, the value is not pl/en/uk, or storage cannot be read.
 */
export function storedLanguage(): Language | null {
  try {
    const parsed = Language.safeParse(localStorage.getItem(STORAGE_KEYS.lang));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the user's pick in local storage `lang` (read back by `storedLanguage()`). */
export function storeLanguage(lang: Language): void {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
}

/** Sets `<html lang>`, so the browser and screen readers know the page's language. */
export function applyLanguageToDocument(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * `?lang=uk` in the address (the links of e-mails carry the account's language): taken as the
 * user's choice and removed from the address. Null when absent or not pl/en/uk.
 */
export function takeLanguageFromUrl(): Language | null {
  if (typeof window === 'undefined') return null;
  const url = new URL(window.location.href);
  const value = url.searchParams.get('lang');
  if (value === null) return null;
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const parsed = Language.safeParse(value);
  if (!parsed.success) return null;
  storeLanguage(parsed.data);
  return parsed.data;
}
