import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS, type AdminMode } from '@gleba/contracts';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { resetLanguageStore } from '../stores/language-store';
import { resetModeStore } from '../stores/mode-store';
import { resetSessionStore } from '../stores/session-store';

export type Handler = (req: {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}) => Response | Promise<Response> | unknown;

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const errorBody = (statusCode: number, code: string, message = code) =>
  json(statusCode, { statusCode, error: 'Error', message, code });

export const ADMIN = {
  id: '0b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a99',
  publicUserId: 'U-9',
  firstName: 'Ewa',
  lastName: 'Laborantka',
  email: 'admin@gleba.local',
  phoneNumber: null,
  genderType: null,
  role: 'ADMIN',
  isActive: true,
  isEnabled: true,
  newsletterConsent: false,
  language: 'pl',
  isDataComplete: true,
  socialAccounts: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const emptyPage = { items: [], meta: { page: 1, perPage: 20, total: 0, next: null, prev: null } };

/** A fake gateway: `METHOD /path` (without the query) -> a response or a handler; unknown calls answer 404. */
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
    const answer =
      typeof route === 'function' ? await (route as Handler)({ url, method, headers, body }) : route;
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
