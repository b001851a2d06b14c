// The admin panel on a 375 px phone in pl, en and uk: the shell (menu, mode switch, languages) and
// the list pages' filters fit the screen with no sideways page scroll (a table scrolls inside its
// own region), and the menu's links are tap targets of at least 44 px.
// Screenshots: test-artifacts/admin-narrow/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, placeFarmOrder } from '../src/admin';
import { ARTIFACTS, MOBILE, hasChromium, launchBrowser, newContext, screenshots } from '../src/browser';
import { system } from '../src/system';

const T = 30_000;
const PAGES = ['orders', 'shipments', 'users', 'complaints'] as const;
const SIGN_IN = { pl: 'Zaloguj się', en: 'Sign in', uk: 'Увійти' } as const;

describe.runIf(hasChromium())('admin panel at 375 px: no sideways scroll in pl, en, uk', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  rmSync(path.join(ARTIFACTS, 'admin-narrow'), { recursive: true, force: true });
  const shot = screenshots('admin-narrow');
  const admin = () => `${system().gateway}/admin`;

  beforeAll(async () => {
    // An order with a long customer e-mail in the list: its table scrolls in its own region.
    await placeFarmOrder(await newCustomer('admin-narrow-with-a-long-address', 'pl'));
    browser = await launchBrowser();
    context = await newContext(browser, { locale: 'pl-PL', viewport: MOBILE });
    page = await context.newPage();
    await page.goto(`${admin()}/?lang=pl`);
    await page.getByLabel('E-mail').fill('admin@gleba.local');
    await page.getByLabel('Hasło', { exact: true }).fill('Admin123!');
    await page.getByRole('button', { name: SIGN_IN.pl }).click();
    await page.waitForURL(/\/admin\/orders/, { timeout: T });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  for (const lang of ['pl', 'en', 'uk'] as const) {
    it(`${lang}: orders, shipments, users and complaints fit 375 px`, async () => {
      for (const name of PAGES) {
        await page.goto(`${admin()}/${name}?lang=${lang}`);
        await page.locator('main h1').first().waitFor({ timeout: T });
        await page
          .locator('[aria-busy="true"]')
          .first()
          .waitFor({ state: 'detached', timeout: T })
          .catch(() => undefined);
        await expect
          .poll(() => page.evaluate(() => document.documentElement.lang), { timeout: T })
          .toBe(lang);
        await shot(page, `${lang}-${name}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        const wide = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter((el) => el.getBoundingClientRect().right > 376 && !el.closest('.gl-table-scroll'))
            .slice(0, 5)
            .map((el) => `${el.tagName}.${el.className}: ${Math.round(el.getBoundingClientRect().right)}`),
        );
        expect({ width, wide }, `${lang} ${name}: wider than the screen`).toEqual({
          width: expect.any(Number) as number,
          wide: [],
        });
        expect(width, `${lang} ${name}: page scroll width`).toBeLessThanOrEqual(375);
        // Every link of the menu is visible and at least 44 px tall.
        const links = page.locator('nav[aria-label] a');
        const n = await links.count();
        expect(n).toBeGreaterThan(5);
        for (let i = 0; i < n; i++) {
          const box = (await links.nth(i).boundingBox())!;
          expect(box.height, `${lang} ${name}: menu link ${i} height`).toBeGreaterThanOrEqual(44);
          expect(box.x, `${lang} ${name}: menu link ${i} off screen`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${lang} ${name}: menu link ${i} off screen`).toBeLessThanOrEqual(375);
        }
      }
    });
  }
});
