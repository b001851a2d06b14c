import type { ReactNode } from 'react';
import { BrowserRouter, Link } from 'react-router';
import { SWRConfig } from 'swr';
import type { Language } from '@gleba/contracts';
import { swrConfig, type ApiClient } from '@gleba/api-client';
import { GenericErrorPage } from '../error-pages/error-pages';
import { UiLanguageProvider } from '../i18n/ui-language';
import { UiLinkProvider, type UiLinkComponent } from '../link/ui-link';
import { Toaster } from '../toast/toaster';
import { AppErrorBoundary } from './error-boundary';

const RouterLink: UiLinkComponent = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
);

const configs = new WeakMap<ApiClient, ReturnType<typeof swrConfig>>();

function swrOf(api: ApiClient) {
  let config = configs.get(api);
  if (!config) {
    config = swrConfig(api);
    configs.set(api, config);
  }
  return config;
}

export interface AppProvidersProps {
  children: ReactNode;
  lang: Language;
  api: ApiClient;
  /** Where the app is served (`/admin` for the panel). */
  basename?: string;
  /** Shown beside the screens (the customer app's cookie banner). */
  aside?: ReactNode;
  /** Lets tests pass a MemoryRouter. */
  router?: (children: ReactNode) => ReactNode;
}

/** The providers every app shares: language, router links, data fetching, error page, toasts. */
export function AppProviders({ children, lang, api, basename, aside, router }: AppProvidersProps) {
  const inner = (
    <UiLanguageProvider lang={lang}>
      <UiLinkProvider link={RouterLink}>
        <SWRConfig value={swrOf(api)}>
          <AppErrorBoundary fallback={<GenericErrorPage />}>{children}</AppErrorBoundary>
        </SWRConfig>
        <Toaster />
        {aside}
      </UiLinkProvider>
    </UiLanguageProvider>
  );
  return <>{router ? router(inner) : <BrowserRouter basename={basename}>{inner}</BrowserRouter>}</>;
}
