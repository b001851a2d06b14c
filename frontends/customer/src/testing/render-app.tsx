import { STORAGE_KEYS } from '@gleba/contracts';
import { writeConsent } from '@gleba/ui';
import { renderAt, storeSession } from '@gleba/ui/testing/render-app';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { resetLanguageStore } from '../stores/language-store';
import { resetSessionStore } from '../stores/session-store';

/** The fake gateway and response helpers are shared with the other app's tests. */
export { errorBody, json, mockApi, type Handler } from '@gleba/ui/testing';
export { location } from '@gleba/ui/testing/render-app';

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

export interface AppOptions {
  signedIn?: boolean;
  /** Skip the first-visit splash (default true). */
  splashSeen?: boolean;
  lang?: 'pl' | 'en' | 'uk';
  /** The stored access token when signed in (default `access-1`; a JWT where the subject matters). */
  accessToken?: string;
}

/** Renders the whole app at `path` with the session and language in local storage as given. */
export function renderApp(
  path: string,
  { signedIn = false, splashSeen = true, lang = 'en', accessToken = 'access-1' }: AppOptions = {},
) {
  if (signedIn) storeSession(accessToken);
  if (splashSeen) localStorage.setItem(STORAGE_KEYS.splashScreenOn, 'true');
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  writeConsent({ necessary: true, commercial: false, social: false });
  resetSessionStore();
  resetLanguageStore();
  return renderAt(path, (router) => (
    <AppProvider router={router}>
      <AppRoutes />
    </AppProvider>
  ));
}
