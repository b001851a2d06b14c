import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, Link } from 'react-router';
import { SWRConfig } from 'swr';
import { swrConfig } from '@gleba/api-client';
import {
  CookieBanner,
  GenericErrorPage,
  Toaster,
  UiLanguageProvider,
  UiLinkProvider,
  type UiLinkComponent,
} from '@gleba/ui';
import { api } from '../lib/api-client';
import { detectLanguage } from '../lib/detect-language';
import { useLanguageStore } from '../stores/language-store';
import { AppErrorBoundary } from './error-boundary';
import { registerServiceWorker } from '../features/pwa/register-sw';

registerServiceWorker();

const RouterLink: UiLinkComponent = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
);

const swr = swrConfig(api);

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

  const inner = (
    <UiLanguageProvider lang={lang}>
      <UiLinkProvider link={RouterLink}>
        <SWRConfig value={swr}>
          <AppErrorBoundary fallback={<GenericErrorPage />}>{children}</AppErrorBoundary>
        </SWRConfig>
        <Toaster />
        <CookieBanner />
      </UiLinkProvider>
    </UiLanguageProvider>
  );
  return <>{router ? router(inner) : <BrowserRouter>{inner}</BrowserRouter>}</>;
}
