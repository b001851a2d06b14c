import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitcher, LoadingScreen } from '@gleba/ui';
import { useLanguageStore } from '../../stores/language-store';

/** Signed-out screens: a language switcher over the centred card (its pick wins at sign-in). */
export function AuthLayout() {
  const { lang, pickSignedOut } = useLanguageStore();
  return (
    <div className="auth-shell">
      <div className="auth-shell__lang">
        <LanguageSwitcher value={lang} onChange={pickSignedOut} />
      </div>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
