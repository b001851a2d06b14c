import { create } from 'zustand';
import { DEFAULT_LANGUAGE, type Language } from '@gleba/contracts';
import {
  applyLanguageToDocument,
  storeLanguage,
  storedLanguage,
  takeLanguageFromUrl,
} from '@gleba/ui/language/stored-language';

interface LanguageState {
  lang: Language;
  setLanguage: (lang: Language) => void;
}

/** pl unless the admin picked another language (local storage `lang`, shared with the customer app). */
export const useLanguageStore = create<LanguageState>((set) => {
  const lang = takeLanguageFromUrl() ?? storedLanguage() ?? DEFAULT_LANGUAGE;
  applyLanguageToDocument(lang);
  return {
    lang,
    setLanguage: (next) => {
      storeLanguage(next);
      applyLanguageToDocument(next);
      set({ lang: next });
    },
  };
});

export function resetLanguageStore() {
  useLanguageStore.setState({ lang: takeLanguageFromUrl() ?? storedLanguage() ?? DEFAULT_LANGUAGE });
}
