// The customer app's rules in Chromium against the suite's system on the
// desktop unless stated: the cookie rules (banner until the necessary category is accepted;
// settings dialog defaults necessary on, commercial off, social on; save disabled while necessary is
// off; the consent kept over a reload), the language switch pl -> en -> uk (texts change, the choice
// survives a reload), the sidebar's notifications entry with the unseen count in brackets updated
// after mark-seen, the 375 px layout (top bar with the badge, a menu with the language switcher),
// and screenshots of the main screens (dashboard, my tests, notifications, account, results) at
// desktop and 375 px. The customer, the garden test and its results are set up through the APIs
// (src/admin.ts). Screenshots: test-artifacts/customer-app/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addGardenTest,
  adminFile,
  adminToken,
  eventually,
  fillResultsTemplate,
  newCustomer,
  newKitCodes,
  type Customer,
} from '../src/admin';
import { api } from '../src/api';
import {
  ARTIFACTS,
  DESKTOP,
  MOBILE,
  hasChromium,
  launchBrowser,
  newContext,
  screenshots,
  watchPage,
} from '../src/browser';
import { app, markAppVisitor, signedInContext, skipSplash, text, type Lang } from '../src/customer';
import { system } from '../src/system';

const T = 30_000;

describe.runIf(hasChromium())('customer app rules in Chromium', () => {
  let browser: Browser;
  let customer: Customer;
  let testId: string;
  const contexts: BrowserContext[] = [];
  const pages: { page: Page; problems: string[] }[] = [];
  rmSync(path.join(ARTIFACTS, 'customer-app'), { recursive: true, force: true });
  const shot = screenshots('customer-app');

  /** A fresh profile at a viewport; signed in as the customer unless `signedIn` is false. */
  async function open(
    viewport: { width: number; height: number },
    options: { signedIn?: boolean; lang?: Lang; consent?: boolean; locale?: string } = {},
  ) {
    const context = await newContext(browser, { viewport, locale: options.locale ?? 'pl-PL' });
    contexts.push(context);
    const extra: Record<string, string> = {};
    if (options.lang) extra.lang = options.lang;
    if (options.consent) {
      extra.cookie_consent = JSON.stringify({
        consent: { necessary: true, commercial: false, social: true },
        expiresAt: Date.now() + 86_400_000,
      });
    }
    if (options.signedIn === false) {
      await skipSplash(context);
      await markAppVisitor(context);
      if (Object.keys(extra).length)
        await context.addInitScript(
          (e) => Object.entries(e).forEach(([k, v]) => localStorage.getItem(k) ?? localStorage.setItem(k, v)),
          extra,
        );
    } else {
      const tokens = await api('/api/auth/login', {
        body: { email: customer.email, password: customer.password },
      });
      await signedInContext(context, tokens.body, extra);
    }
    const page = await context.newPage();
    pages.push({ page, problems: watchPage(page) });
    return page;
  }
  const heading = (page: Page, lang: Lang, key: string) =>
    page.getByRole('heading', { name: text(lang, key), exact: true }).first();
  const unseenCount = async () =>
    (await api('/api/notifications/in-app/unseen/count', { token: customer.accessToken })).body
      .unseenCount as number;

  beforeAll(async () => {
    const token = await adminToken();
    customer = await newCustomer('customer-app', 'pl');
    const [code] = (await newKitCodes(token, 1)) as [string];
    const test = await addGardenTest(customer, code, { gardenName: 'Ogród za domem' });
    testId = test.id;
    const workbook = await fillResultsTemplate(await adminFile(token, 'garden', '/imports/template'), [
      {
        label: code,
        testType: 'BASIC_TEST',
        values: { PH_KCL: 6.1, P2O5: 18.4, K2O: 9.7, MG: 5.2, CATEGORY: 'lekka' },
      },
    ]);
    const res = await fetch(
      `${system().gateway}/garden-api/imports?testType=BASIC_TEST&step=apply&fileName=wyniki-aplikacja.xlsx`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
        body: new Uint8Array(workbook),
      },
    );
    expect(res.status, await res.clone().text()).toBe(202);
    await eventually(
      'the results and their notification',
      () =>
        api('/api/notifications/in-app?page=1&perPage=50&orderBy=createdAt:desc&filter=all', {
          token: customer.accessToken,
        }),
      (r) => r.status === 200 && r.body.items.some((n: { type: string }) => n.type === 'ALL_RESULTS'),
      90_000,
    );
    browser = await launchBrowser();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    for (const [i, { page, problems }] of pages.entries()) {
      if (!page.isClosed()) await shot(page, `failed-${ctx.task.name}-${i}`);
      if (problems.length) console.error(problems.join('\n'));
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('cookie rules: the banner until necessary is accepted, the settings defaults, save disabled without necessary, consent kept', async () => {
    const page = await open(DESKTOP, { signedIn: false, lang: 'en' });
    await page.goto(app('/login'));
    const banner = page.getByRole('region', { name: text('en', 'ui.cookieBannerTitle') });
    await banner.waitFor({ timeout: T });
    // Still there after a reload and on another screen: nothing accepted yet.
    await page.reload();
    await banner.waitFor({ timeout: T });
    await page.goto(app('/register'));
    await banner.waitFor({ timeout: T });
    await shot(page, 'cookie-banner');

    await banner.getByRole('button', { name: text('en', 'ui.cookieSettings'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('en', 'ui.cookieSettingsTitle') });
    await dialog.waitFor({ timeout: T });
    const toggle = (key: string) => dialog.getByRole('switch', { name: text('en', key), exact: true });
    expect(await toggle('ui.cookieNecessaryTitle').isChecked()).toBe(true);
    expect(await toggle('ui.cookieCommercialTitle').isChecked()).toBe(false);
    expect(await toggle('ui.cookieSocialTitle').isChecked()).toBe(true);
    for (const key of [
      'ui.cookieNecessaryDescription',
      'ui.cookieCommercialDescription',
      'ui.cookieSocialDescription',
    ]) {
      await dialog.getByText(text('en', key), { exact: true }).waitFor({ timeout: T });
    }
    await shot(page, 'cookie-settings-defaults');
    const save = dialog.getByRole('button', { name: text('en', 'ui.cookieSave'), exact: true });
    expect(await save.isEnabled()).toBe(true);
    await toggle('ui.cookieNecessaryTitle').uncheck();
    expect(await save.isDisabled()).toBe(true);
    await dialog
      .getByRole('alert')
      .getByText(text('en', 'ui.cookieNecessaryRequired'), { exact: true })
      .waitFor({ timeout: T });
    await shot(page, 'cookie-settings-save-disabled');
    // Closing without saving keeps the banner: necessary is not accepted.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: T });
    await banner.waitFor({ timeout: T });
    expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toBeNull();

    await banner.getByRole('button', { name: text('en', 'ui.cookieSettings'), exact: true }).click();
    await dialog.waitFor({ timeout: T });
    await toggle('ui.cookieSocialTitle').uncheck();
    await save.click();
    await banner.waitFor({ state: 'detached', timeout: T });
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cookie_consent')))!);
    expect(stored.consent).toEqual({ necessary: true, commercial: false, social: false });
    // Kept for 365 days.
    expect(Math.round((stored.expiresAt - Date.now()) / 86_400_000)).toBe(365);
    await page.reload();
    await page.getByRole('heading', { name: text('en', 'customer.registerHeading') }).waitFor({ timeout: T });
    expect(await banner.count()).toBe(0);
    await shot(page, 'cookie-consent-kept-after-reload');
  });

  it('language switch pl -> en -> uk changes the texts and is kept after a reload', async () => {
    const page = await open(DESKTOP, { consent: true, locale: 'pl-PL' });
    await page.goto(app('/'));
    await heading(page, 'pl', 'customer.titleDashboard').waitFor({ timeout: T });
    const nav = page.getByRole('navigation', { name: text('pl', 'customer.mainNavigation') });
    await nav
      .getByRole('link', { name: text('pl', 'customer.navMyTests'), exact: true })
      .waitFor({ timeout: T });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl');
    await shot(page, 'language-pl');
    for (const lang of ['en', 'uk'] as const) {
      await page.locator(`.gl-language-switcher button[lang=${lang}]`).click();
      await heading(page, lang, 'customer.titleDashboard').waitFor({ timeout: T });
      await page
        .getByRole('navigation', { name: text(lang, 'customer.mainNavigation') })
        .getByRole('link', { name: text(lang, 'customer.navMyTests'), exact: true })
        .waitFor({ timeout: T });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(
        await page.locator(`.gl-language-switcher button[lang=${lang}]`).getAttribute('aria-pressed'),
      ).toBe('true');
      await shot(page, `language-${lang}`);
    }
    await page.reload();
    await heading(page, 'uk', 'customer.titleDashboard').waitFor({ timeout: T });
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('uk');
    await page.goto(app('/my-account'));
    await heading(page, 'uk', 'customer.titleMyAccount').waitFor({ timeout: T });
    await shot(page, 'language-uk-kept-after-reload');
  });

  it('the sidebar shows the unseen count in brackets and updates it after mark-seen', async () => {
    const unseen = await unseenCount();
    expect(unseen).toBeGreaterThanOrEqual(2);
    const page = await open(DESKTOP, { consent: true, lang: 'en' });
    await page.goto(app('/'));
    const nav = page.getByRole('navigation', { name: text('en', 'customer.mainNavigation') });
    const entry = nav.getByRole('link', { name: new RegExp(`^${text('en', 'customer.navNotifications')}`) });
    await expect
      .poll(() => entry.textContent(), { timeout: T })
      .toBe(`${text('en', 'customer.navNotifications')} (${unseen})`);
    await shot(page, 'sidebar-unseen-count');
    await entry.click();
    await heading(page, 'en', 'customer.titleNotifications').waitFor({ timeout: T });
    const markSeen = page.getByRole('button', { name: text('en', 'customer.markSeen'), exact: true });
    await expect.poll(() => markSeen.count(), { timeout: T }).toBe(unseen);
    await markSeen.first().click();
    await expect
      .poll(() => entry.textContent(), { timeout: T })
      .toBe(`${text('en', 'customer.navNotifications')} (${unseen - 1})`);
    expect(await unseenCount()).toBe(unseen - 1);
    // The unread tab lists what is left.
    await page.getByRole('tab', { name: text('en', 'customer.tabUnread'), exact: true }).click();
    await expect.poll(() => page.locator('.notification').count(), { timeout: T }).toBe(unseen - 1);
    await shot(page, 'sidebar-count-after-mark-seen');
    // All seen: no brackets.
    while ((await markSeen.count()) > 0) {
      const before = await markSeen.count();
      await markSeen.first().click();
      await expect.poll(() => markSeen.count(), { timeout: T }).toBeLessThan(before);
    }
    await expect
      .poll(() => entry.textContent(), { timeout: T })
      .toBe(text('en', 'customer.navNotifications'));
    await shot(page, 'sidebar-no-unseen');
  });

  it('375 px: a top bar with the badge and a menu with the language switcher', async () => {
    // A fresh notification to count: the customer's test's status changed once more (a new test added).
    const token = await adminToken();
    const [code] = (await newKitCodes(token, 1)) as [string];
    await addGardenTest(customer, code, { confirm: false, gardenName: 'Działka nad rzeką' });
    await eventually('a new unseen notification', unseenCount, (n) => n > 0);
    const unseen = await unseenCount();
    const page = await open(MOBILE, { consent: true, lang: 'pl' });
    await page.goto(app('/'));
    await heading(page, 'pl', 'customer.titleDashboard').waitFor({ timeout: T });
    expect(await page.locator('aside.sidebar').count()).toBe(0);
    const bar = page.locator('header.topbar');
    await bar.waitFor({ timeout: T });
    const badge = bar.locator('.badge');
    await expect.poll(() => badge.textContent(), { timeout: T }).toBe(String(unseen));
    expect(await badge.getAttribute('aria-label')).toBe(
      text('pl', 'customer.unseenNotifications', { count: unseen }),
    );
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'mobile-top-bar');
    await bar.getByRole('button', { name: text('pl', 'customer.menu'), exact: true }).click();
    const menu = page.getByRole('navigation', { name: text('pl', 'customer.mainNavigation') });
    await menu.waitFor({ timeout: T });
    for (const key of [
      'customer.navHome',
      'customer.navMyTests',
      'customer.navMyAccount',
      'customer.navLogout',
    ]) {
      await menu.getByRole('link', { name: text('pl', key), exact: true }).waitFor({ timeout: T });
    }
    const switcher = menu.getByRole('group', { name: text('pl', 'ui.languageLabel') });
    await switcher.waitFor({ timeout: T });
    await shot(page, 'mobile-menu');
    await switcher.locator('button[lang=uk]').click();
    await heading(page, 'uk', 'customer.titleDashboard').waitFor({ timeout: T });
    await page.reload();
    await heading(page, 'uk', 'customer.titleDashboard').waitFor({ timeout: T });
    await shot(page, 'mobile-ukrainian');
    // The badge's link opens the notifications.
    await bar.getByRole('link', { name: text('uk', 'customer.navNotifications'), exact: true }).click();
    await heading(page, 'uk', 'customer.titleNotifications').waitFor({ timeout: T });
  });

  it('screenshots of the main screens at desktop and 375 px', async () => {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const page = await open(viewport, { consent: true, lang: 'pl' });
      const screens: [string, string, string][] = [
        ['dashboard', '/', 'customer.titleDashboard'],
        ['my-tests', '/soil-tests', 'customer.titleSoilTests'],
        ['notifications', '/notifications', 'customer.titleNotifications'],
        ['account', '/my-account', 'customer.titleMyAccount'],
        ['results', `/soil-tests/${encodeURIComponent(testId)}/results`, 'customer.titleResults'],
      ];
      for (const [name, route, title] of screens) {
        await page.goto(app(route));
        await heading(page, 'pl', title).waitFor({ timeout: T });
        if (name === 'my-tests')
          await page.locator('tr[data-skeleton-row]').first().waitFor({ state: 'detached', timeout: T });
        if (name === 'results')
          await page
            .getByRole('region', { name: text('pl', 'customerTests.recommendations') })
            .waitFor({ timeout: T });
        await shot(page, `${size}-${name}`);
        if (size === 'mobile') {
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `${name} is ${width} px wide at 375 px`).toBeLessThanOrEqual(MOBILE.width);
        }
      }
    }
  });
});
