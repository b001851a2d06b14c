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
  let opener: HTMLElement | null = null;

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

  const open = (from: HTMLElement | null) => {
    opener = from;
    const consent = readConsent() ?? DEFAULT_CONSENT;
    for (const [category, input] of toggles) input.checked = consent[category];
    refreshSave();
    backdrop.hidden = false;
    dialog.focus();
  };

  const close = () => {
    if (backdrop.hidden) return;
    backdrop.hidden = true;
    opener?.focus();
    opener = null;
  };

  const store = (consent: CookieConsent) => {
    writeConsent(consent);
    close();
    showBanner();
  };

  document.addEventListener('click', (event) => {
    const target = (event.target as Element | null)?.closest?.('button');
    if (!target) return;
    if (target.matches('[data-cookie-settings]')) open(target);
    else if (target.matches('[data-cookie-accept], [data-cookie-accept-all]')) store({ ...ALL_ACCEPTED });
    else if (target === save && canSaveConsent(current())) store(current());
  });
  for (const [, input] of toggles) input.addEventListener('change', refreshSave);
  backdrop.addEventListener('mousedown', (event) => {
    if (event.target === backdrop) close();
  });
  document.addEventListener('keydown', (event) => {
    if (backdrop.hidden) return;
    if (event.key === 'Escape') close();
    if (event.key === 'Tab') trapFocus(dialog, event);
  });
  onConsentChange(showBanner);

  // Settings buttons outside this markup (the footer) only make sense with this script running.
  for (const el of document.querySelectorAll<HTMLElement>('[data-needs-script]')) el.hidden = false;
  showBanner();
}

/** Keeps Tab inside the modal dialog. */
function trapFocus(dialog: HTMLElement, event: KeyboardEvent): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>('button, input, a[href]')].filter(
    (el) => !(el as HTMLButtonElement).disabled,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
