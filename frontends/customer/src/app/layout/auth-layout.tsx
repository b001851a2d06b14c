import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitcher, LoadingScreen } from '@gleba/ui';
import { useLanguageStore } from '../../stores/language-store';

/** Signed-out screens: a language switcher over the centred card. */
export function AuthLayout() {
  const { lang, setLanguage } = useLanguageStore();
  return (
    <div className="auth-shell">
      <div className="auth-shell__lang">
        <LanguageSwitcher value={lang} onChange={setLanguage} />
      </div>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
