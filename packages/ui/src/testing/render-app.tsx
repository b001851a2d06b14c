/**
 * Renders a whole app in a memory router for the apps' tests: `@gleba/ui/testing/render-app`.
 * Only tests import this.
 */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { STORAGE_KEYS } from '@gleba/contracts';

let currentPath = '';
function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname + location.search;
  return null;
}

/** The path and query the rendered app shows now (after its own redirects). */
export const location = () => currentPath;

/** A signed-in session as the app finds it in local storage. */
export function storeSession(accessToken = 'access-1') {
  localStorage.setItem(STORAGE_KEYS.token, accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
}

/**
 * Renders `app` (the app's provider around its routes) at `path`; `app` gets the router to pass
 * to its provider, which records the location for `location()`.
 */
export function renderAt(path: string, app: (router: (children: ReactNode) => ReactNode) => ReactElement) {
  return render(
    app((children) => (
      <MemoryRouter initialEntries={[path]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    )),
  );
}
