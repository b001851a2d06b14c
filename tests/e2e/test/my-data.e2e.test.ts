// My data in the browser: My account's "My data" and "Delete account" cards, the e-mailed export
// link's page, the erasure confirmation page, and the admin's user details with the data requests,
// each in Polish, English and Ukrainian at 1280 and 375 px through `checkScreen` (placeholders,
// raw codes, catalogue keys, English on other screens, console errors, unexpected 4xx, axe).
// The archive is downloaded from the browser and is a ZIP. A wrong password shows its error and
// erases nothing. Screenshots: test-artifacts/my-data/<who>-<lang>-<width>-<screen>.png.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPrivacyRequest } from '@gleba/contracts';
import { adminApi, eventually, newCustomer, type Customer } from '../src/admin';
import { api } from '../src/api';
import { ARTIFACTS, hasChromium, launchBrowser, newContext } from '../src/browser';
import { app, downloadOf, signedInContext, text, type Lang } from '../src/customer';
import { stayLocal } from '../src/journey';
import { checkScreen, watchScreens } from '../src/screen-check';
import { system } from '../src/system';

const JOURNEY = 'my-data';
const LANGS: Lang[] = ['pl', 'en', 'uk'];
const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '375', viewport: { width: 375, height: 812 } },
] as const;
const T = 60_000;
const CONSENT = JSON.stringify({
  consent: { necessary: true, commercial: false, social: true },
  expiresAt: Date.now() + 86_400_000,
});

describe.runIf(hasChromium())('my data: export and delete, customer and admin screens', () => {
  let browser: Browser;
  /** One customer per language: each column tries two wrong passwords (the limit is five a window). */
  const customers = {} as Record<Lang, Customer>;
  const exportIds = {} as Record<Lang, string>;
  let admin = { accessToken: '', refreshToken: '' };
  const contexts: BrowserContext[] = [];
  rmSync(path.join(ARTIFACTS, JOURNEY), { recursive: true, force: true });

  beforeAll(async () => {
    for (const lang of LANGS) {
      const customer = await newCustomer(`mydata-${lang}`, lang);
      const asked = await api('/api/users/me/privacy-requests/export', {
        token: customer.accessToken,
        body: {},
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      customers[lang] = customer;
      exportIds[lang] = asked.body.id;
    }
    for (const lang of LANGS)
      await eventually(
        `export completed (${lang})`,
        async () =>
          (
            (await api('/api/users/me/privacy-requests', { token: customers[lang].accessToken }))
              .body as TPrivacyRequest[]
          ).find((r) => r.id === exportIds[lang])?.status,
        (status) => status === 'COMPLETED',
      );
    const login = await api('/farm-api/auth/admin/login', {
      body: { email: 'admin@gleba.local', password: 'Admin123!' },
    });
    expect(login.status).toBe(200);
    admin = login.body;
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  async function open(viewport: { width: number; height: number }, lang: Lang, tokens: object | null) {
    const context = await newContext(browser, { viewport, locale: lang === 'uk' ? 'uk-UA' : `${lang}-PL` });
    contexts.push(context);
    await stayLocal(context);
    if (tokens) await signedInContext(context, tokens as never, { lang, cookie_consent: CONSENT });
    const page = await context.newPage();
    watchScreens(page);
    return page;
  }

  for (const lang of LANGS)
    for (const w of WIDTHS)
      it(`customer, ${lang} at ${w.name} px: My data, the archive link, a wrong password, the confirmation page`, async () => {
        const customer = customers[lang];
        const exportId = exportIds[lang];
        const login = await api('/api/auth/login', {
          body: { email: customer.email, password: customer.password },
        });
        const page = await open(w.viewport, lang, login.body);
        const step = (name: string, expectAnswers: { status: number; url: RegExp }[] = []) =>
          checkScreen(page, {
            journey: JOURNEY,
            step: `customer-${lang}-${w.name}-${name}`,
            lang,
            expect: expectAnswers,
          });
        await page.goto(app('/my-account'));
        const card = page.getByRole('region', { name: text(lang, 'customer.myDataTitle') });
        await card.getByText(text(lang, 'customer.myDataKindEXPORT')).first().waitFor({ timeout: T });
        await card.scrollIntoViewIfNeeded();
        await step('my-account');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          w.viewport.width,
        );

        // A wrong password: the confirmation dialog, then the error; nothing is erased.
        const del = page.getByRole('region', { name: text(lang, 'customer.deleteAccountTitle') });
        await del.getByLabel(text(lang, 'customer.deleteAccountPassword')).fill('Wrong#password1');
        await del.getByRole('button', { name: text(lang, 'customer.deleteAccountSubmit') }).click();
        const dialog = page.getByRole('dialog', { name: text(lang, 'customer.deleteAccountConfirmTitle') });
        await dialog.waitFor({ timeout: T });
        await step('delete-confirm');
        await dialog.getByRole('button', { name: text(lang, 'customer.deleteAccountSubmit') }).click();
        await del.getByText(text(lang, 'errors.erasureWrongPassword')).waitFor({ timeout: T });
        await step('delete-wrong-password', [{ status: 400, url: /privacy-requests\/erasure$/ }]);

        await page.goto(app(`/account/data/${exportId}`));
        const download = page.getByRole('button', { name: text(lang, 'customer.myDataDownload') });
        await download.waitFor({ timeout: T });
        await step('archive-link');
        if (w.name === '1280') {
          const file = await downloadOf(page, () => download.click());
          expect(file.name).toMatch(/^gleba-data-\d{4}-\d{2}-\d{2}\.zip$/);
          expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
        }

        await page.goto(app('/account/delete/not-a-real-token-but-long-enough'));
        await page
          .getByRole('button', { name: text(lang, 'customer.deleteAccountSubmit') })
          .waitFor({ timeout: T });
        await step('confirm-erasure');
        const me = await api('/api/users/me', { token: login.body.accessToken });
        expect(me.status).toBe(200);
      });

  for (const lang of LANGS)
    for (const w of WIDTHS)
      it(`admin, ${lang} at ${w.name} px: a user's data requests with each service's answer`, async () => {
        const context = await newContext(browser, {
          viewport: w.viewport,
          locale: lang === 'uk' ? 'uk-UA' : `${lang}-PL`,
        });
        contexts.push(context);
        await stayLocal(context);
        await context.addInitScript(
          ({ tokens, lang }) => {
            if (sessionStorage.getItem('gl-e2e-seeded')) return;
            sessionStorage.setItem('gl-e2e-seeded', '1');
            localStorage.setItem('token', tokens.accessToken);
            localStorage.setItem('refresh_token', tokens.refreshToken);
            localStorage.setItem('lang', lang);
            localStorage.setItem('mode', 'farm');
          },
          { tokens: admin, lang },
        );
        const page = await context.newPage();
        watchScreens(page);
        await page.goto(`${system().gateway}/admin/users`);
        const search = page.getByRole('searchbox');
        await search.waitFor({ timeout: T });
        const customer = customers[lang];
        await search.fill(customer.email);
        await search.press('Enter');
        await page.getByRole('cell', { name: customer.email }).waitFor({ timeout: T });
        const details = page.getByRole('button', { name: text(lang, 'admin.details') }).first();
        await details.focus();
        await details.press('Enter');
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: text(lang, 'admin.privacyTitle') }).waitFor({ timeout: T });
        await dialog.getByText(text(lang, 'admin.privacySvcLabImport')).first().waitFor({ timeout: T });
        await checkScreen(page, { journey: JOURNEY, step: `admin-${lang}-${w.name}-user-privacy`, lang });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          w.viewport.width,
        );
        const list = await adminApi(admin.accessToken, 'farm', `/users/${customer.userId}/privacy-requests`);
        expect((list.body as TPrivacyRequest[])[0]?.services).toHaveLength(6);
      });
});
