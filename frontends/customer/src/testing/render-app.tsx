import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@gleba/contracts';
import { writeConsent } from '@gleba/ui';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { resetLanguageStore } from '../stores/language-store';
import { resetSessionStore } from '../stores/session-store';

export type Handler = (req: { url: URL; method: string; headers: Headers; body: unknown }) => Response | Promise<Response> | unknown;

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const errorBody = (statusCode: number, code: string, message = code) => json(statusCode, { statusCode, error: 'Error', message, code });

export const USER = {
  id: '0b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a01',
  publicUserId: 'U-1',
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.pl',
  phoneNumber: '+48600100200',
  genderType: 'WOMAN',
  role: 'USER',
  isActive: true,
  isEnabled: true,
  newsletterConsent: false,
  language: 'pl',
  isDataComplete: false,
  socialAccounts: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

/**
 * A fake gateway: `routes` maps `METHOD /api/path` (without the query) to a response or a handler.
 * Unknown calls answer 404. Every call is recorded.
 */
export function mockApi(routes: Record<string, Response | Handler | unknown>) {
  const calls: { method: string; path: string; url: URL; headers: Headers; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, url, headers, body });
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return errorBody(404, 'routeNotFound');
    const answer = typeof route === 'function' ? await (route as Handler)({ url, method, headers, body }) : route;
    if (answer instanceof Response) return answer.clone();
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

let currentPath = '';
function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname + location.search;
  return null;
}
export const location = () => currentPath;

export interface AppOptions {
  signedIn?: boolean;
  /** Skip the first-visit splash (default true). */
  splashSeen?: boolean;
  lang?: 'pl' | 'en' | 'uk';
  /** The stored access token when signed in (default `access-1`; a JWT where the subject matters). */
  accessToken?: string;
}

/** Renders the whole app at `path` with the session and language in local storage as given. */
export function renderApp(path: string, { signedIn = false, splashSeen = true, lang = 'en', accessToken = 'access-1' }: AppOptions = {}) {
  if (signedIn) {
    localStorage.setItem(STORAGE_KEYS.token, accessToken);
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  }
  if (splashSeen) localStorage.setItem(STORAGE_KEYS.splashScreenOn, 'true');
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  writeConsent({ necessary: true, commercial: false, social: false });
  resetSessionStore();
  resetLanguageStore();
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
