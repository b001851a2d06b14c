import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '@gleba/contracts';
import { t, type Params } from '@gleba/i18n';

const UiLanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

/** The language the shared components speak; each app passes its current language. */
export function UiLanguageProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  return <UiLanguageContext.Provider value={lang}>{children}</UiLanguageContext.Provider>;
}

export function useUiLanguage(): Language {
  return useContext(UiLanguageContext);
}

export type Translate = (key: string, params?: Params) => string;

/** `tr('ui.close')` in the language of the nearest `UiLanguageProvider`. */
export function useT(): Translate {
  const lang = useUiLanguage();
  return useCallback((key: string, params?: Params) => t(lang, key, params), [lang]);
}
