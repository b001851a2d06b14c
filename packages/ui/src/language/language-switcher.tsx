import { Language } from '@gleba/contracts';
import { useT } from '../i18n/ui-language';

const LABEL_KEY: Record<Language, string> = {
  pl: 'common.languagePl',
  en: 'common.languageEn',
  uk: 'common.languageUk',
};

export interface LanguageSwitcherProps {
  value: Language;
  onChange: (lang: Language) => void;
}

/** pl / en / uk (spec section 2). */
export function LanguageSwitcher({ value, onChange }: LanguageSwitcherProps) {
  const tr = useT();
  return (
    <div className="gl-language-switcher" role="group" aria-label={tr('ui.languageLabel')}>
      {Language.options.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={lang === value}
          title={tr(LABEL_KEY[lang])}
          aria-label={tr(LABEL_KEY[lang])}
          onClick={() => onChange(lang)}
        >
          {lang}
        </button>
      ))}
    </div>
  );
}
