/**
 * Framework-free cookie banner and settings dialog over the markup of `render/cookie-consent.ts`.
 * Every rule comes from `@gleba/ui/cookies/consent-storage`, the module the customer app's React
 * components use: defaults, accept-all, "save only with necessary", the banner until necessary is
 * accepted, storage and its 365-day lifetime. This file only wires buttons to those functions.
 */
import {
  ALL_ACCEPTED,
  COOKIE_CATEGORIES,
  DEFAULT_CONSENT,
  canSaveConsent,
  needsConsentBanner,
  onConsentChange,
  readConsent,
  writeConsent,
  type CookieConsent,
} from '@gleba/ui/cookies/consent-storage';
import { trapFocus, type FocusTrap } from '@gleba/ui/dialog/focus-trap';

export function setupCookieConsent(root: HTMLElement): void {
  const banner = root.querySelector<HTMLElement>('[data-cookie-banner]');
  const backdrop = root.querySelector<HTMLElement>('[data-cookie-dialog]');
  const dialog = backdrop?.querySelector<HTMLElement>('[role="dialog"]');
  const save = root.querySelector<HTMLButtonElement>('[data-cookie-save]');
  const required = root.querySelector<HTMLElement>('[data-cookie-necessary-required]');
  if (!banner || !backdrop || !dialog || !save || !required) return;
  const toggles = COOKIE_CATEGORIES.map(
    (category) => [category, dialog.querySelector<HTMLInputElement>(`input[name="${category}"]`)!] as const,
  );
  let trap: FocusTrap | null = null;

  const showBanner = () => {
    banner.hidden = !needsConsentBanner(readConsent());
  };

  const current = (): CookieConsent => {
    const consent = { ...DEFAULT_CONSENT };
    for (const [category, input] of toggles) consent[category] = input.checked;
    return consent;
  };

  const refreshSave = () => {
    const allowed = canSaveConsent(current());
    save.disabled = !allowed;
    required.hidden = allowed;
  };

  const open = () => {
    const consent = readConsent() ?? DEFAULT_CONSENT;
    for (const [category, input] of toggles) input.checked = consent[category];
    refreshSave();
    backdrop.hidden = false;
    trap?.release();
    trap = trapFocus(dialog, { onEscape: () => close() });
  };

  const close = () => {
    if (backdrop.hidden) return;
    backdrop.hidden = true;
    trap?.release();
    trap = null;
  };

  const store = (consent: CookieConsent) => {
    writeConsent(consent);
    // The banner first: when it hid the opener, focus goes to the page's main region instead.
    showBanner();
    close();
  };

  document.addEventListener('click', (event) => {
    const target = (event.target as Element | null)?.closest?.('button');
    if (!target) return;
    if (target.matches('[data-cookie-settings]')) open();
    else if (target.matches('[data-cookie-accept], [data-cookie-accept-all]')) store({ ...ALL_ACCEPTED });
    else if (target === save && canSaveConsent(current())) store(current());
  });
  for (const [, input] of toggles) input.addEventListener('change', refreshSave);
  backdrop.addEventListener('mousedown', (event) => {
    if (event.target === backdrop) close();
  });
  onConsentChange(showBanner);

  // Settings buttons outside this markup (the footer) only make sense with this script running.
  for (const el of document.querySelectorAll<HTMLElement>('[data-needs-script]')) el.hidden = false;
  showBanner();
}
