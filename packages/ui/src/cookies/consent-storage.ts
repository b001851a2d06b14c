/**
 * Cookie consent storage, free of any UI framework so the static landing page can use it as it is.
 * Consent is kept in local storage together with its expiry (spec section 9: 365 days).
 * Only a type comes from @gleba/contracts, so this module pulls no runtime dependency into a page.
 */
import type { CookieCategory } from '@gleba/contracts';

export type CookieConsent = Record<CookieCategory, boolean>;

/** Same order as `CookieCategory` in @gleba/contracts; the `satisfies` keeps the two in step. */
export const COOKIE_CATEGORIES = [
  'necessary',
  'commercial',
  'social',
] as const satisfies readonly CookieCategory[];

export const COOKIE_CONSENT_KEY = 'cookie_consent';
export const CONSENT_LIFETIME_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec section 4: settings start with necessary on, commercial off, social on. */
export const DEFAULT_CONSENT: Readonly<CookieConsent> = Object.freeze({
  necessary: true,
  commercial: false,
  social: true,
});
export const ALL_ACCEPTED: Readonly<CookieConsent> = Object.freeze({
  necessary: true,
  commercial: true,
  social: true,
});

/** Fired on `window` after consent is saved or cleared; `detail` is the consent or null. */
export const CONSENT_CHANGE_EVENT = 'gleba:cookie-consent';

export interface StoredConsent {
  consent: CookieConsent;
  savedAt: number;
  expiresAt: number;
}

/** The part of the Web Storage API we use, so tests and non-browser callers can pass their own. */
export type ConsentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): ConsentStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

function isConsent(value: unknown): value is CookieConsent {
  if (typeof value !== 'object' || value === null) return false;
  return COOKIE_CATEGORIES.every((c) => typeof (value as Record<string, unknown>)[c] === 'boolean');
}

/** The saved consent, or null when none was saved, it expired or it is unreadable. */
export function readConsent(storage = defaultStorage(), now = Date.now()): CookieConsent | null {
  const raw = storage?.getItem(COOKIE_CONSENT_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredConsent>;
    if (!isConsent(stored.consent) || typeof stored.expiresAt !== 'number') return null;
    if (stored.expiresAt <= now) {
      storage?.removeItem(COOKIE_CONSENT_KEY);
      return null;
    }
    return { ...stored.consent };
  } catch {
    return null;
  }
}

function emit(detail: CookieConsent | null): void {
  if (typeof window === 'undefined' || typeof CustomEvent === 'undefined') return;
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT, { detail }));
}

/** Saves the consent for 365 days. Refuses a consent without the necessary category (spec section 5). */
export function writeConsent(
  consent: CookieConsent,
  storage = defaultStorage(),
  now = Date.now(),
): StoredConsent {
  if (!canSaveConsent(consent))
    throw new Error('cookie consent cannot be saved while the necessary category is off');
  const stored: StoredConsent = {
    consent: { ...consent },
    savedAt: now,
    expiresAt: now + CONSENT_LIFETIME_DAYS * DAY_MS,
  };
  storage?.setItem(COOKIE_CONSENT_KEY, JSON.stringify(stored));
  emit(stored.consent);
  return stored;
}

export function clearConsent(storage = defaultStorage()): void {
  storage?.removeItem(COOKIE_CONSENT_KEY);
  emit(null);
}

/** Spec section 5: settings can be saved only while necessary is enabled. */
export function canSaveConsent(consent: CookieConsent): boolean {
  return consent.necessary;
}

/** Spec section 4: the banner shows until the necessary category is accepted. */
export function needsConsentBanner(consent: CookieConsent | null): boolean {
  return !consent?.necessary;
}

/** True when the user allowed a category (false while no consent is saved, except for necessary cookies). */
export function isCategoryAllowed(
  category: CookieCategory,
  storage = defaultStorage(),
  now = Date.now(),
): boolean {
  const consent = readConsent(storage, now);
  return consent ? consent[category] : category === 'necessary';
}

/** Calls `listener` whenever consent changes in this window; returns the unsubscribe function. */
export function onConsentChange(listener: (consent: CookieConsent | null) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handler = (event: Event) => listener((event as CustomEvent<CookieConsent | null>).detail);
  window.addEventListener(CONSENT_CHANGE_EVENT, handler);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, handler);
}
