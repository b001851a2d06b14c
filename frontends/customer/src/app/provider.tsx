import { useEffect, type ReactNode } from 'react';
import { AppProviders, CookieBanner } from '@gleba/ui';
import { api } from '../lib/api-client';
import { detectLanguage } from '../lib/detect-language';
import { useLanguageStore } from '../stores/language-store';
import { registerServiceWorker } from '../features/pwa/register-sw';

registerServiceWorker();

/** Providers of the app. `router` lets tests pass a MemoryRouter. */
export function AppProvider({
  children,
  router,
}: {
  children: ReactNode;
  router?: (children: ReactNode) => ReactNode;
}) {
  const lang = useLanguageStore((s) => s.lang);

  useEffect(() => {
    void detectLanguage();
  }, []);

  return (
    <AppProviders lang={lang} api={api} router={router} aside={<CookieBanner />}>
      {children}
    </AppProviders>
  );
}
