/**
 * The built page in Debian's Chromium (playwright-core, never a downloaded browser): each language
 * at desktop and phone widths, the register and log-in links, the language switch and the cookie
 * consent rules. `npm test` builds dist/ first.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@gleba/contracts';
import { t } from '@gleba/i18n';
import {
  COOKIE_CONSENT_KEY,
  CONSENT_LIFETIME_DAYS,
  type StoredConsent,
} from '@gleba/ui/cookies/consent-storage';
import { LANGUAGES, languagePath } from '../src/site';
import { serveDist } from './static-server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(
    `landing browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium; CI installs it)`,
  );
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const WIDTHS = [1280, 375] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

describe.skipIf(!hasChromium)('landing page in Chromium', { timeout: 120_000 }, () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveDist>>;

  beforeAll(async () => {
    server = await serveDist(dist);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A fresh visitor: no cookies, no storage. Collects page errors so a test can assert there are none. */
  async function visit(lang: Language, width: number, options: { javaScriptEnabled?: boolean } = {}) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, ...options });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    await page.goto(server.url + languagePath(lang));
    return { context, page, errors };
  }

  /** axe-core's WCAG 2.2 A/AA rules and best practices; returns one line per violation and node. */
  async function axeViolations(page: Page, include?: string): Promise<string[]> {
    await page.addScriptTag({ content: axe.source });
    const results = await page.evaluate(
      (context) =>
        (window as unknown as { axe: typeof axe }).axe.run(context ?? document, {
          runOnly: {
            type: 'tag',
            values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
          },
        }),
      include,
    );
    return results.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    );
  }

  const consentOf = (page: Page) =>
    page.evaluate((key) => {
      const raw = localStorage.getItem(key);
      return raw ? (JSON.parse(raw) as StoredConsent) : null;
    }, COOKIE_CONSENT_KEY);

  for (const lang of LANGUAGES) {
    for (const width of WIDTHS) {
      it(`${lang} at ${width} px: readable, fits the screen, register link opens the app with the cookie set`, async () => {
        const { context, page, errors } = await visit(lang, width);
        try {
          expect(await page.getAttribute('html', 'lang')).toBe(lang);
          await expect.poll(() => page.locator('h1').isVisible()).toBe(true);
          expect((await page.locator('h1').textContent())?.trim()).toBe(t(lang, 'landing.heroTitle'));
          // Nothing wider than the viewport (no sideways scrolling on a phone).
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          // The cookie banner greets a first visit.
          await expect.poll(() => page.locator('[data-cookie-banner]').isVisible()).toBe(true);

          const register = page.locator('header a[data-app-link][href="/register"]');
          expect(await register.isVisible()).toBe(true);
          expect(await register.getAttribute('href')).toBe('/register');
          await Promise.all([page.waitForURL(`${server.url}/register`), register.click()]);

          const cookies = await context.cookies(server.url);
          expect(cookies.find((c) => c.name === 'gleba_app')).toMatchObject({
            value: '1',
            path: '/',
            sameSite: 'Lax',
          });
          const expires = cookies.find((c) => c.name === 'gleba_app')!.expires * 1000;
          expect(expires).toBeGreaterThan(Date.now() + 364 * DAY_MS);
          // The gateway sees the cookie on the app's request.
          const appRequest = server.requests.findLast((r) => r.path === '/register');
          expect(appRequest?.cookie).toContain('gleba_app=1');
          // The app opens in the language the visitor read the page in.
          expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: no accessibility violations (axe-core, WCAG 2.2 AA) at 1280 and 375 px, with the banner and the dialog`, async () => {
      for (const width of WIDTHS) {
        const { context, page } = await visit(lang, width);
        try {
          await expect.poll(() => page.locator('[data-cookie-banner]').isVisible()).toBe(true);
          expect(await axeViolations(page), `${lang} ${width}px`).toEqual([]);
          await page.locator('[data-cookie-banner] [data-cookie-settings]').click();
          await page.locator('#gl-cookie-necessary').uncheck(); // shows the alert and a disabled button
          expect(await axeViolations(page, '[data-cookie-dialog]'), `${lang} ${width}px dialog`).toEqual([]);
        } finally {
          await context.close();
        }
      }
    });
  }

  it('the log-in link sets the same cookie', async () => {
    const { context, page } = await visit('en', 1280);
    try {
      await Promise.all([
        page.waitForURL(`${server.url}/login`),
        page.locator('header a[href="/login"]').click(),
      ]);
      expect((await context.cookies(server.url)).map((c) => `${c.name}=${c.value}`)).toContain('gleba_app=1');
    } finally {
      await context.close();
    }
  });

  it('switches language with the links, and remembers the choice for the app', async () => {
    const { context, page } = await visit('pl', 375);
    try {
      await Promise.all([
        page.waitForURL(`${server.url}/en/`),
        page.locator('header nav.lang-switch a[hreflang="en"]').click(),
      ]);
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
      expect(
        await page.locator('header nav.lang-switch a[aria-current="page"]').getAttribute('hreflang'),
      ).toBe('en');
      await Promise.all([
        page.waitForURL(`${server.url}/uk/`),
        page.locator('header nav.lang-switch a[hreflang="uk"]').click(),
      ]);
      expect((await page.locator('h1').textContent())?.trim()).toBe(t('uk', 'landing.heroTitle'));
    } finally {
      await context.close();
    }
  });

  it('without scripts the content and links are all there, and no banner that could not work', async () => {
    const { context, page } = await visit('pl', 375, { javaScriptEnabled: false });
    try {
      expect(await page.locator('h1').isVisible()).toBe(true);
      expect(await page.locator('#prices table').isVisible()).toBe(true);
      expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
      expect(await page.locator('[data-cookie-settings]').first().isVisible()).toBe(false);
      await page.locator('#faq summary').first().click();
      expect(await page.locator('#faq details').first().getAttribute('open')).not.toBeNull();
      await Promise.all([
        page.waitForURL(`${server.url}/register`),
        page.locator('header a[href="/register"]').click(),
      ]);
    } finally {
      await context.close();
    }
  });

  describe('cookie consent (rules of @gleba/ui/cookies/consent-storage)', () => {
    it('banner: accept stores every category for 365 days and the banner stays away', async () => {
      const { context, page, errors } = await visit('pl', 1280);
      try {
        const banner = page.locator('[data-cookie-banner]');
        await expect.poll(() => banner.isVisible()).toBe(true);
        expect(await banner.getAttribute('aria-label')).toBe(t('pl', 'ui.cookieBannerTitle'));
        const before = Date.now();
        await banner.getByRole('button', { name: t('pl', 'ui.cookieAccept') }).click();
        expect(await banner.isVisible()).toBe(false);
        const stored = (await consentOf(page))!;
        expect(stored.consent).toEqual({ necessary: true, commercial: true, social: true });
        expect(stored.expiresAt - stored.savedAt).toBe(CONSENT_LIFETIME_DAYS * DAY_MS);
        expect(stored.savedAt).toBeGreaterThanOrEqual(before - 1000);
        await page.reload();
        await page.waitForLoadState('load');
        expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('settings: defaults, save disabled while necessary is off, save keeps the choice', async () => {
      const { context, page } = await visit('en', 375);
      try {
        const tr = (key: string) => t('en', `ui.${key}`);
        await page
          .locator('[data-cookie-banner]')
          .getByRole('button', { name: tr('cookieSettings') })
          .click();
        const dialog = page.getByRole('dialog', { name: tr('cookieSettingsTitle') });
        expect(await dialog.isVisible()).toBe(true);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');

        const toggle = (key: string) => dialog.getByRole('switch', { name: tr(key) });
        const necessary = toggle('cookieNecessaryTitle');
        const commercial = toggle('cookieCommercialTitle');
        const social = toggle('cookieSocialTitle');
        // Each category: a toggle with a title and a description.
        for (const category of ['Necessary', 'Commercial', 'Social']) {
          expect(await dialog.getByText(tr(`cookie${category}Description`)).isVisible()).toBe(true);
        }
        expect([await necessary.isChecked(), await commercial.isChecked(), await social.isChecked()]).toEqual(
          [true, false, true],
        );

        const save = dialog.getByRole('button', { name: tr('cookieSave') });
        expect(await save.isEnabled()).toBe(true);
        await necessary.uncheck();
        expect(await save.isDisabled()).toBe(true);
        expect((await dialog.getByRole('alert').textContent())?.trim()).toBe(tr('cookieNecessaryRequired'));
        await necessary.check();
        expect(await save.isEnabled()).toBe(true);
        expect(await dialog.getByRole('alert').isVisible()).toBe(false);

        await commercial.check();
        await social.uncheck();
        await save.click();
        expect(await dialog.isVisible()).toBe(false);
        expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
        expect((await consentOf(page))!.consent).toEqual({
          necessary: true,
          commercial: true,
          social: false,
        });

        // The footer reopens the settings with the saved choice; Escape closes and focus returns.
        await page.reload();
        const footerButton = page.locator('footer [data-cookie-settings]');
        await expect.poll(() => footerButton.isVisible()).toBe(true);
        await footerButton.click();
        expect(await dialog.isVisible()).toBe(true);
        expect([await necessary.isChecked(), await commercial.isChecked(), await social.isChecked()]).toEqual(
          [true, true, false],
        );
        await page.keyboard.press('Escape');
        expect(await dialog.isVisible()).toBe(false);
        expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-cookie-settings'))).toBe(
          true,
        );
      } finally {
        await context.close();
      }
    });

    it('settings: accept-all stores every category; Tab stays inside the dialog', async () => {
      const { context, page } = await visit('uk', 1280);
      try {
        const tr = (key: string) => t('uk', `ui.${key}`);
        await page
          .locator('[data-cookie-banner]')
          .getByRole('button', { name: tr('cookieSettings') })
          .click();
        const dialog = page.getByRole('dialog', { name: tr('cookieSettingsTitle') });
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
        }
        await dialog.getByRole('button', { name: tr('cookieAcceptAll') }).click();
        expect(await dialog.isVisible()).toBe(false);
        expect((await consentOf(page))!.consent).toEqual({ necessary: true, commercial: true, social: true });
      } finally {
        await context.close();
      }
    });

    it('the banner returns when consent expired or lacks the necessary category', async () => {
      const { context, page } = await visit('pl', 375);
      try {
        const store = (stored: StoredConsent) =>
          page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            COOKIE_CONSENT_KEY,
            JSON.stringify(stored),
          ] as const);
        const now = Date.now();
        await store({
          consent: { necessary: true, commercial: false, social: true },
          savedAt: now - 366 * DAY_MS,
          expiresAt: now - DAY_MS,
        });
        await page.reload();
        await expect.poll(() => page.locator('[data-cookie-banner]').isVisible()).toBe(true);

        await store({
          consent: { necessary: false, commercial: false, social: false },
          savedAt: now,
          expiresAt: now + DAY_MS,
        });
        await page.reload();
        await expect.poll(() => page.locator('[data-cookie-banner]').isVisible()).toBe(true);

        await store({
          consent: { necessary: true, commercial: false, social: false },
          savedAt: now,
          expiresAt: now + DAY_MS,
        });
        await page.reload();
        await page.waitForLoadState('load');
        expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
      } finally {
        await context.close();
      }
    });
  });
});
