// Dialogs keep the keyboard (WCAG 2.1.2, 2.4.3) in Chromium against the suite's system: the customer
// app's cookie settings and the admin's cancel-order confirmation are opened from the keyboard, Tab
// and Shift+Tab cycle inside them (never reaching the page behind or <body>), Escape closes them and
// focus returns to the button that opened them. Both screens, dialog open, also pass the axe check
// of every screenshot (src/axe-check.ts). Screenshots: test-artifacts/a11y-dialogs/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, placeFarmOrder } from '../src/admin';
import {
  ARTIFACTS,
  DESKTOP,
  MOBILE,
  hasChromium,
  launchBrowser,
  newContext,
  screenshots,
} from '../src/browser';
import { app, markAppVisitor, text } from '../src/customer';
import { system } from '../src/system';

const T = 30_000;

describe.runIf(hasChromium())('dialogs keep focus in Chromium', () => {
  let browser: Browser;
  let page: Page | undefined;
  let order: { id: string; orderNumber: string };
  const contexts: BrowserContext[] = [];
  rmSync(path.join(ARTIFACTS, 'a11y-dialogs'), { recursive: true, force: true });
  const shot = screenshots('a11y-dialogs');

  beforeAll(async () => {
    browser = await launchBrowser();
    order = await placeFarmOrder(await newCustomer('a11y-dialogs', 'pl'));
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await shot(page, `failed-${ctx.task.name}`);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  /** What has the focus: the dialog's control (or the dialog), else where it went. */
  const focusInside = (dialog: Locator) =>
    dialog.evaluate((d) => ({
      inside: d.contains(document.activeElement),
      name:
        document.activeElement === document.body
          ? '<body>'
          : `${document.activeElement?.tagName.toLowerCase()} ${(document.activeElement?.textContent ?? '').trim().slice(0, 40)}`,
    }));

  /**
   * Opens the dialog with Enter on `opener`, then: focus is inside; 12 Tabs and 12 Shift+Tabs never
   * leave it and come round again (fewer distinct controls than presses); Escape closes it and the
   * opener has the focus again.
   */
  async function expectFocusTrap(p: Page, opener: Locator, dialog: Locator, step: string): Promise<void> {
    await opener.focus();
    await p.keyboard.press('Enter');
    await dialog.waitFor({ timeout: T });
    expect((await focusInside(dialog)).inside).toBe(true);
    await shot(p, `${step}-open`);
    for (const key of ['Tab', 'Shift+Tab']) {
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        await p.keyboard.press(key);
        const now = await focusInside(dialog);
        expect(now, `${key} #${i + 1} moved focus to ${now.name}`).toMatchObject({ inside: true });
        seen.add(await p.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? ''));
      }
      expect(seen.size).toBeGreaterThan(1);
      expect(seen.size).toBeLessThan(12);
    }
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: T });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  }

  it.each([
    ['1280', { ...DESKTOP, width: 1280 }],
    ['375', MOBILE],
  ])('customer app at %s px: the cookie settings dialog', async (width, viewport) => {
    const context = await newContext(browser, { viewport, locale: 'pl-PL' });
    contexts.push(context);
    await markAppVisitor(context);
    page = await context.newPage();
    await page.goto(app('/login'));
    const banner = page.getByRole('region', { name: text('pl', 'ui.cookieBannerTitle') });
    await banner.waitFor({ timeout: T });
    await shot(page, `customer-login-${width}`);
    await expectFocusTrap(
      page,
      banner.getByRole('button', { name: text('pl', 'ui.cookieSettings'), exact: true }),
      page.getByRole('dialog', { name: text('pl', 'ui.cookieSettingsTitle') }),
      `customer-cookie-settings-${width}`,
    );
  });

  it('admin panel: the cancel-order confirmation (in Polish)', async () => {
    const context = await newContext(browser, { viewport: { ...DESKTOP, width: 1280 }, locale: 'pl-PL' });
    contexts.push(context);
    page = await context.newPage();
    await page.goto(`${system().gateway}/admin/`);
    await page.getByLabel(text('pl', 'admin.email'), { exact: true }).fill('admin@gleba.local');
    await page.getByLabel(text('pl', 'admin.password'), { exact: true }).fill('Admin123!');
    await page.getByRole('button', { name: text('pl', 'admin.signIn'), exact: true }).click();
    await page.getByRole('heading', { name: text('pl', 'admin.ordersTitle') }).waitFor({ timeout: T });
    await shot(page, 'admin-orders');
    await page.goto(`${system().gateway}/admin/orders/${order.id}`);
    const cancel = page.getByRole('button', { name: text('pl', 'admin.cancelOrder'), exact: true });
    await cancel.waitFor({ timeout: T });
    await shot(page, 'admin-order');
    await expectFocusTrap(
      page,
      cancel,
      page.getByRole('dialog', { name: text('pl', 'ui.confirmTitle') }),
      'admin-cancel',
    );
    // Closing with the dialog's own "No" returns the focus too, and the order stays as it was.
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text('pl', 'ui.confirmTitle') });
    await dialog.getByRole('button', { name: text('pl', 'ui.no'), exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: T });
    expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
