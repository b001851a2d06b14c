import { create } from 'zustand';
import { DEFAULT_LANGUAGE, Language } from '@gleba/contracts';
import { resolveLanguage } from '@gleba/i18n';
import { applyLanguageToDocument, storeLanguage, storedLanguage } from '@gleba/ui/language/stored-language';

interface LanguageState {
  lang: Language;
  /** True when the user picked the language (kept in local storage `lang`). */
  chosen: boolean;
  setLanguage: (lang: Language) => void;
  /** A language detected for the user (not stored: the user has not chosen it). */
  setDetected: (lang: Language) => void;
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

/** The language an access token names (`lang` claim: the account's, at sign-in). */
export function tokenLanguage(token: string): Language | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(
      atob(
        payload
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd(Math.ceil(payload.length / 4) * 4, '='),
      ),
    ) as { lang?: unknown };
    const parsed = Language.safeParse(json.lang);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const useLanguageStore = create<LanguageState>((set) => {
  const stored = takeLanguageFromUrl() ?? storedLanguage();
  applyLanguageToDocument(stored ?? DEFAULT_LANGUAGE);
  return {
    lang: stored ?? DEFAULT_LANGUAGE,
    chosen: stored !== null,
    setLanguage: (lang) => {
      storeLanguage(lang);
      applyLanguageToDocument(lang);
      set({ lang, chosen: true });
    },
    setDetected: (lang) => {
      applyLanguageToDocument(lang);
      set({ lang });
    },
  };
});

/** Re-reads local storage (tests, and a language chosen in another tab). */
export function resetLanguageStore() {
  const stored = takeLanguageFromUrl() ?? storedLanguage();
  useLanguageStore.setState({ lang: stored ?? DEFAULT_LANGUAGE, chosen: stored !== null });
}

/** `GET /api/language` answers a code, as text or as `{ language }`; anything else is pl. */
export function languageFromResponse(body: unknown): Language {
  if (typeof body === 'string') return resolveLanguage(body);
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    const value = record.language ?? record.lang ?? record.code;
    if (typeof value === 'string') return resolveLanguage(value);
  }
  return DEFAULT_LANGUAGE;
}
