import { describe, expect, it, vi } from 'vitest';
import {
  COOKIE_CONSENT_KEY,
  DEFAULT_CONSENT,
  canSaveConsent,
  clearConsent,
  isCategoryAllowed,
  needsConsentBanner,
  onConsentChange,
  readConsent,
  writeConsent,
} from './consent-storage';

const DAY = 24 * 60 * 60 * 1000;

describe('consent storage', () => {
  it('keeps a saved consent for 365 days, then forgets it', () => {
    const now = Date.UTC(2026, 0, 1);
    writeConsent({ necessary: true, commercial: true, social: false }, localStorage, now);
    expect(readConsent(localStorage, now + 364 * DAY)).toEqual({
      necessary: true,
      commercial: true,
      social: false,
    });
    expect(readConsent(localStorage, now + 365 * DAY)).toBeNull();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
  });

  it('refuses to save without the necessary category', () => {
    expect(canSaveConsent({ necessary: false, commercial: false, social: false })).toBe(false);
    expect(() => writeConsent({ necessary: false, commercial: true, social: true })).toThrow();
    expect(readConsent()).toBeNull();
  });

  it('shows the banner until necessary is accepted', () => {
    expect(needsConsentBanner(null)).toBe(true);
    expect(needsConsentBanner({ ...DEFAULT_CONSENT, necessary: false })).toBe(true);
    expect(needsConsentBanner(DEFAULT_CONSENT)).toBe(false);
  });

  it('treats unreadable data as no consent', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, '{not json');
    expect(readConsent()).toBeNull();
    localStorage.setItem(
      COOKIE_CONSENT_KEY,
      JSON.stringify({ consent: { necessary: true }, expiresAt: Date.now() + DAY }),
    );
    expect(readConsent()).toBeNull();
  });

  it('allows only necessary cookies before consent, and notifies listeners of changes', () => {
    expect(isCategoryAllowed('necessary')).toBe(true);
    expect(isCategoryAllowed('social')).toBe(false);
    const listener = vi.fn();
    const off = onConsentChange(listener);
    writeConsent(DEFAULT_CONSENT);
    expect(listener).toHaveBeenLastCalledWith(DEFAULT_CONSENT);
    expect(isCategoryAllowed('social')).toBe(true);
    expect(isCategoryAllowed('commercial')).toBe(false);
    clearConsent();
    expect(listener).toHaveBeenLastCalledWith(null);
    off();
  });
});
