import { create } from 'zustand';
import { DEFAULT_LANGUAGE, Language } from '@gleba/contracts';
import { resolveLanguage } from '@gleba/i18n';
import {
  applyLanguageToDocument,
  storeLanguage,
  storedLanguage,
  takeLanguageFromUrl,
} from '@gleba/ui/language/stored-language';
import { jwtClaims } from '../lib/jwt';

interface LanguageState {
  lang: Language;
  /** True when the user picked the language (kept in local storage `lang`). */
  chosen: boolean;
  setLanguage: (lang: Language) => void;
  /**
   * True when the user picked the language on a signed-out screen in this visit: it wins over the
   * account's at sign-in, and is saved on the account (`useAccountLanguage`).
   */
  pickedSignedOut: boolean;
  /** The language picked on a signed-out screen (the sign-in card's switcher). */
  pickSignedOut: (lang: Language) => void;
  /** The pick is on the account now. */
  pickSaved: () => void;
  /** A language detected for the user (not stored: the user has not chosen it). */
  setDetected: (lang: Language) => void;
}

/** The language an access token names (`lang` claim: the account's, at sign-in). */
export function tokenLanguage(token: string): Language | null {
  const parsed = Language.safeParse(jwtClaims(token)?.lang);
  return parsed.success ? parsed.data : null;
}

export const useLanguageStore = create<LanguageState>((set) => {
  const stored = takeLanguageFromUrl() ?? storedLanguage();
  applyLanguageToDocument(stored ?? DEFAULT_LANGUAGE);
  return {
    lang: stored ?? DEFAULT_LANGUAGE,
    chosen: stored !== null,
    pickedSignedOut: false,
    setLanguage: (lang) => {
      storeLanguage(lang);
      applyLanguageToDocument(lang);
      set({ lang, chosen: true });
    },
    pickSignedOut: (lang) => {
      storeLanguage(lang);
      applyLanguageToDocument(lang);
      set({ lang, chosen: true, pickedSignedOut: true });
    },
    pickSaved: () => set({ pickedSignedOut: false }),
    setDetected: (lang) => {
      applyLanguageToDocument(lang);
      set({ lang });
    },
  };
});

/** Re-reads local storage (tests, and a language chosen in another tab). */
export function resetLanguageStore() {
  const stored = takeLanguageFromUrl() ?? storedLanguage();
  useLanguageStore.setState({
    lang: stored ?? DEFAULT_LANGUAGE,
    chosen: stored !== null,
    pickedSignedOut: false,
  });
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
