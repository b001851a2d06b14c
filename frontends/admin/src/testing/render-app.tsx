import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { STORAGE_KEYS, type AdminMode } from '@gleba/contracts';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { resetLanguageStore } from '../stores/language-store';
import { resetModeStore } from '../stores/mode-store';
import { resetSessionStore } from '../stores/session-store';

/** The fake gateway and response helpers are shared with the other app's tests. */
export { errorBody, json, mockApi, type Handler } from '@gleba/ui/testing';
export { ADMIN } from './fixtures';

export const emptyPage = { items: [], meta: { page: 1, perPage: 20, total: 0, next: null, prev: null } };

let currentPath = '';
function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname + location.search;
  return null;
}
export const location = () => currentPath;

export interface AppOptions {
  signedIn?: boolean;
  /** Written to local storage `mode`; undefined leaves the key absent. */
  mode?: AdminMode;
  lang?: 'pl' | 'en' | 'uk';
}

export function renderApp(path: string, { signedIn = false, mode, lang = 'en' }: AppOptions = {}) {
  if (signedIn) {
    localStorage.setItem(STORAGE_KEYS.token, 'access-1');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  }
  if (mode) localStorage.setItem(STORAGE_KEYS.mode, mode);
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  resetSessionStore();
  resetLanguageStore();
  resetModeStore();
  return render(
    <AppProvider
      router={(children) => (
        <MemoryRouter initialEntries={[path]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      )}
    >
      <AppRoutes />
    </AppProvider>,
  );
}
