import { STORAGE_KEYS, type AdminMode } from '@gleba/contracts';
import { renderAt, storeSession } from '@gleba/ui/testing/render-app';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { resetLanguageStore } from '../stores/language-store';
import { resetModeStore } from '../stores/mode-store';
import { resetSessionStore } from '../stores/session-store';

/** The fake gateway and response helpers are shared with the other app's tests. */
export { errorBody, json, mockApi, type Handler } from '@gleba/ui/testing';
export { location } from '@gleba/ui/testing/render-app';
export { ADMIN } from './fixtures';

export const emptyPage = { items: [], meta: { page: 1, perPage: 20, total: 0, next: null, prev: null } };

export interface AppOptions {
  signedIn?: boolean;
  /** Written to local storage `mode`; undefined leaves the key absent. */
  mode?: AdminMode;
  lang?: 'pl' | 'en' | 'uk';
}

export function renderApp(path: string, { signedIn = false, mode, lang = 'en' }: AppOptions = {}) {
  if (signedIn) storeSession();
  if (mode) localStorage.setItem(STORAGE_KEYS.mode, mode);
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  resetSessionStore();
  resetLanguageStore();
  resetModeStore();
  return renderAt(path, (router) => (
    <AppProvider router={router}>
      <AppRoutes />
    </AppProvider>
  ));
}
