import { create } from 'zustand';
import { DEFAULT_LANGUAGE, Language, STORAGE_KEYS } from '@gleba/contracts';

interface LanguageState {
  lang: Language;
  setLanguage: (lang: Language) => void;
}

function storedLanguage(): Language | null {
  try {
    const parsed = Language.safeParse(localStorage.getItem(STORAGE_KEYS.lang));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function applyToDocument(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** pl unless the admin picked another language (local storage `lang`, shared with the customer app). */
export const useLanguageStore = create<LanguageState>((set) => {
  const lang = storedLanguage() ?? DEFAULT_LANGUAGE;
  applyToDocument(lang);
  return {
    lang,
    setLanguage: (next) => {
      localStorage.setItem(STORAGE_KEYS.lang, next);
      applyToDocument(next);
      set({ lang: next });
    },
  };
});

export function resetLanguageStore() {
  useLanguageStore.setState({ lang: storedLanguage() ?? DEFAULT_LANGUAGE });
}
