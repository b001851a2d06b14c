import type { ReactNode } from 'react';
import { BrowserRouter, Link } from 'react-router';
import { SWRConfig } from 'swr';
import { swrConfig } from '@gleba/api-client';
import {
  GenericErrorPage,
  Toaster,
  UiLanguageProvider,
  UiLinkProvider,
  type UiLinkComponent,
} from '@gleba/ui';
import { api } from '../lib/api-client';
import { useLanguageStore } from '../stores/language-store';
import { AppErrorBoundary } from './error-boundary';

const RouterLink: UiLinkComponent = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
);

const swr = swrConfig(api);

/** Providers of the panel. `router` lets tests pass a MemoryRouter; the app runs under /admin. */
export function AppProvider({
  children,
  router,
}: {
  children: ReactNode;
  router?: (children: ReactNode) => ReactNode;
}) {
  const lang = useLanguageStore((s) => s.lang);
  const inner = (
    <UiLanguageProvider lang={lang}>
      <UiLinkProvider link={RouterLink}>
        <SWRConfig value={swr}>
          <AppErrorBoundary fallback={<GenericErrorPage />}>{children}</AppErrorBoundary>
        </SWRConfig>
        <Toaster />
      </UiLinkProvider>
    </UiLanguageProvider>
  );
  return <>{router ? router(inner) : <BrowserRouter basename="/admin">{inner}</BrowserRouter>}</>;
}
