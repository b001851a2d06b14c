// Online payments that end clearly (decision 0039), in Chromium against the suite's system: an
// order paid online is rejected on the Przelewy24 simulator's page ("Odrzuć płatność"); back in the
// customer app the payment page says it was rejected, in the customer's language, and offers
// "pay again" (a new Przelewy24 session, then "Zapłać": paid) or "pay by bank transfer" (the bank
// details). Run at 1280 px and 375 px, in Polish and Ukrainian. The order is placed through the API
// (the wizard has its own suite, farm-order.e2e.test.ts). Screenshots: test-artifacts/payment-outcome/.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TCrop, TPlot } from '@gleba/contracts';
import { api, uniqueEmail } from '../src/api';
import { hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { acceptCookies, app, signedInContext, text, type Lang } from '../src/customer';
import { stayLocal, until } from '../src/journey';
import { linkIn, waitForMail } from '../src/mail';
import { system } from '../src/system';

type Tokens = { accessToken: string; refreshToken: string };

/** A farmer registered, activated from the captured e-mail, with complete data (may order). */
async function newFarmer(lang: Lang): Promise<Tokens> {
  const email = uniqueEmail('pay');
  const password = 'Zaplac1234!';
  const reg = await api('/api/auth/register', {
    body: {
      firstName: 'Olena',
      lastName: 'Płatnik',
      email,
      phoneNumber: '+48600100200',
      genderType: 'WOMAN',
      password,
      confirmPassword: password,
      termsAccepted: true,
      privacyPolicyAccepted: true,
      language: lang,
    },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBeLessThan(300);
  const link = linkIn(await waitForMail(email, /activ|aktyw|актив/i), /\/activate\//);
  const activated = await api(`/api/auth/activate/${new URL(link).pathname.split('/').pop()}`);
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  const tokens = activated.body as Tokens;
  const profile = await api('/api/users/profile', {
    token: tokens.accessToken,
    body: {
      serviceRole: 'PERSONAL',
      personalData: {
        firstName: 'Olena',
        lastName: 'Płatnik',
        genderType: 'WOMAN',
        phoneNumber: '+48600100200',
        taxNumber: null,
        address: {
          voivodeship: 'LUBLIN',
          cityName: 'Lublin',
          postCode: '20-001',
          streetName: 'Polna',
          buildingNumber: '7',
          apartmentNumber: null,
        },
      },
      businessData: null,
      correspondenceAddress: { addressSource: 'PERSONAL_DATA', address: null },
    },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBeLessThan(300);
  return tokens;
}

/** A field with one undivided crop, known to the orders service (it prices it). */
async function newCrop(tokens: Tokens): Promise<TCrop> {
  const [lng, lat] = [22.5 + Math.random() * 0.1, 51.1 + Math.random() * 0.1];
  const ring = [
    [lng, lat],
    [lng + 0.002, lat],
    [lng + 0.002, lat + 0.001],
    [lng, lat + 0.001],
    [lng, lat],
  ];
  const plot = await api<TPlot>('/api/plots', {
    token: tokens.accessToken,
    body: { name: 'Pole płatności', geometry: { type: 'Polygon', coordinates: [ring] } },
  });
  expect(plot.status, JSON.stringify(plot.body)).toBe(201);
  const crop = await api<TCrop>('/api/crops', {
    token: tokens.accessToken,
    body: {
      name: 'Owies',
      plantId: 'oats',
      cultivationFrom: '2026-09-20',
      cultivationTo: '2027-07-31',
      plotIds: [plot.body.id],
    },
  });
  expect(crop.status, JSON.stringify(crop.body)).toBe(201);
  await until(
    'orders knows the crop',
    () =>
      api('/api/orders/quote', { token: tokens.accessToken, body: { crops: [{ cropId: crop.body.id }] } }),
    (r) => r.status === 200,
  );
  return crop.body;
}

const CASES: { lang: Lang; width: number; after: 'payAgain' | 'transfer' }[] = [
  { lang: 'pl', width: 1280, after: 'payAgain' },
  { lang: 'uk', width: 375, after: 'payAgain' },
  { lang: 'uk', width: 1280, after: 'transfer' },
  { lang: 'pl', width: 375, after: 'transfer' },
];

describe.runIf(hasChromium())('online payment outcomes in Chromium', () => {
  let browser: Browser;
  const shot = screenshots('payment-outcome');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const c of CASES) {
    describe(`${c.lang} at ${c.width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      let problems: string[];
      let tokens: Tokens;
      let orderId = '';
      let redirectUrl = '';
      const step = (name: string) => shot(page, `${c.lang}-${c.width}-${name}`);
      const tr = (key: string, params?: Record<string, string | number>) => text(c.lang, key, params);
      const p24 = () => system().simulators.przelewy24!;
      const order = async () =>
        (await api(`/api/orders/${orderId}`, { token: tokens.accessToken })).body as {
          order: { status: string; paymentStatus: string; paymentMethod: string };
          payment: { outcome: string };
        };
      /** Back from Przelewy24: its urlReturn is the app's return page on the public address. */
      async function back() {
        await page.waitForURL((url) => !url.href.startsWith(p24()), { timeout: 60_000 });
        const url = new URL(page.url());
        if (!page.url().startsWith(app())) await page.goto(app(`${url.pathname}${url.search}`));
        await page.waitForURL(/\/orders\/[0-9a-f-]{36}\/payment\?returned=1$/, { timeout: 60_000 });
      }

      beforeAll(async () => {
        tokens = await newFarmer(c.lang);
        const crop = await newCrop(tokens);
        // Orders learns the customer's data from an event: refused (nothing placed) until then.
        const placed = await until(
          'the order placed',
          () =>
            api('/api/orders', {
              token: tokens.accessToken,
              body: {
                crops: [{ cropId: crop.id }],
                paymentMethod: 'ONLINE_BANK_TRANSFER',
                confirmUserData: true,
              },
            }),
          (r) => r.body?.code !== 'incompleteUserData',
        );
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        orderId = placed.body.order.id;
        redirectUrl = placed.body.payment.redirectUrl;
        expect(redirectUrl).toMatch(/\/trnRequest\//);
        context = await newContext(browser, {
          viewport: { width: c.width, height: c.width < 768 ? 812 : 900 },
          locale: c.lang === 'uk' ? 'uk-UA' : 'pl-PL',
        });
        await stayLocal(context);
        await signedInContext(context, tokens, { lang: c.lang });
        page = await context.newPage();
        problems = watchPage(page);
      });
      afterEach(async (ctx) => {
        if (ctx.task.result?.state === 'fail' && page) {
          await shot(page, `${c.lang}-${c.width}-failed`);
          console.error(problems.join('\n'));
        }
      });
      afterAll(async () => {
        await context?.close();
      });

      it('a payment rejected on the Przelewy24 page is reported as rejected, with the ways on', async () => {
        await page.goto(app(`/orders/${orderId}/payment`));
        await acceptCookies(page, c.lang);
        await page.getByText(tr('farmOrder.pending')).waitFor({ timeout: 30_000 });
        await step('awaiting');
        // The customer is on Przelewy24 (as the wizard sends them) and rejects the payment.
        await page.goto(redirectUrl);
        await step('przelewy24');
        await page.getByRole('button', { name: 'Odrzuć płatność' }).click();
        await back();
        await page.getByRole('heading', { name: tr('farmOrder.rejected') }).waitFor({ timeout: 30_000 });
        expect(await page.getByText(tr('farmOrder.rejectedHint')).isVisible()).toBe(true);
        await page.getByRole('button', { name: tr('farmOrder.payAgain') }).waitFor();
        await page.getByRole('button', { name: tr('farmOrder.switchToTransfer') }).waitFor();
        // Nothing wider than the screen.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(c.width);
        await step('rejected');
        expect(await order()).toMatchObject({
          order: { status: 'PENDING_PAYMENT', paymentStatus: 'PENDING' },
          payment: { outcome: 'REJECTED' },
        });
      });

      if (c.after === 'payAgain')
        it('"pay again" opens a new Przelewy24 session, and paying it ends paid', async () => {
          await page.getByRole('button', { name: tr('farmOrder.payAgain') }).click();
          await page.waitForURL((url) => url.href.startsWith(p24()), { timeout: 60_000 });
          expect(page.url()).not.toBe(redirectUrl);
          await page.getByRole('button', { name: 'Zapłać' }).click();
          await back();
          await page.getByRole('heading', { name: tr('farmOrder.paid') }).waitFor({ timeout: 60_000 });
          await step('paid');
          expect((await order()).order).toMatchObject({
            status: 'PAYMENT_CONFIRMED',
            paymentStatus: 'PAID',
          });
        });
      else
        it('"pay by bank transfer" shows the bank details instead', async () => {
          await page.getByRole('button', { name: tr('farmOrder.switchToTransfer') }).click();
          await page.getByRole('heading', { name: tr('farmOrder.transferDetails') }).waitFor();
          expect(await page.getByText(tr('farmOrder.traditionalHint')).isVisible()).toBe(true);
          await page.getByRole('button', { name: tr('farmOrder.payOnline') }).waitFor();
          await step('transfer');
          expect((await order()).order).toMatchObject({
            status: 'PENDING_PAYMENT',
            paymentMethod: 'TRADITIONAL_TRANSFER',
          });
        });

      it('shows no raw codes, placeholders or console errors', async () => {
        const body = await page.locator('body').innerText();
        expect(body).not.toMatch(/\{\w+\}|PENDING_PAYMENT|REJECTED|ONLINE_BANK_TRANSFER|farmOrder\./);
        expect(problems.filter((p) => !p.includes('favicon'))).toEqual([]);
      });
    });
  }
});
