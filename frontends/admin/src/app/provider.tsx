import type { ReactNode } from 'react';
import { AppProviders } from '@gleba/ui';
import { api } from '../lib/api-client';
import { useLanguageStore } from '../stores/language-store';

/** Providers of the panel. `router` lets tests pass a MemoryRouter; the app runs under /admin. */
export function AppProvider({
  children,
  router,
}: {
  children: ReactNode;
  router?: (children: ReactNode) => ReactNode;
}) {
  const lang = useLanguageStore((s) => s.lang);
  return (
    <AppProviders lang={lang} api={api} basename="/admin" router={router}>
      {children}
    </AppProviders>
  );
}
