/**
 * The page's only script: the cookie consent banner and dialog, and two link behaviours.
 * Everything else is static HTML that works without it.
 */
import { APP_COOKIE } from '../app-cookie';
import { setupCookieConsent } from './cookie-consent';

/** `STORAGE_KEYS.lang` from @gleba/contracts, injected at build time (contracts would bring zod along). */
declare const __LANG_STORAGE_KEY__: string;

const lang = document.documentElement.lang;

function rememberLanguage(value: string): void {
  try {
    localStorage.setItem(__LANG_STORAGE_KEY__, value);
  } catch {
    // storage disabled: the app then picks its language itself
  }
}

/** Log in / register: from now on the gateway serves the customer app at `/` (README). */
function openApp(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${APP_COOKIE.name}=${APP_COOKIE.value}; Path=/; Max-Age=${APP_COOKIE.maxAgeSeconds}; SameSite=Lax${secure}`;
  rememberLanguage(lang);
}

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link) return;
  if (link.hasAttribute('data-app-link')) openApp();
  const chosen = link.getAttribute('data-lang');
  if (chosen) rememberLanguage(chosen);
});

const root = document.getElementById('cookie-consent');
if (root) setupCookieConsent(root);
