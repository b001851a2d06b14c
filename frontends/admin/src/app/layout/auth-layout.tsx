import { Outlet } from 'react-router';
import { LanguageSwitcher, Logo } from '@gleba/ui';
import { useT } from '../../lib/i18n';
import { useLanguageStore } from '../../stores/language-store';
import { ModeSwitch } from '../../components/mode-switch';

export function AuthLayout() {
  const tr = useT();
  const { lang, setLanguage } = useLanguageStore();
  return (
    <main className="auth-layout">
      <div className="auth-card">
        <div className="auth-card__brand">
          <Logo size={48} /> <span>Gleba · {tr('admin.appTitle')}</span>
        </div>
        <div className="auth-card__tools">
          <ModeSwitch />
          <LanguageSwitcher value={lang} onChange={setLanguage} />
        </div>
        <Outlet />
      </div>
    </main>
  );
}
