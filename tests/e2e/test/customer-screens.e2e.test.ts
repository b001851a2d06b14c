// Every customer screen as a user reads it, in Polish, English and Ukrainian at 1280 px and at
// 375 px, each through `checkScreen` (src/screen-check.ts): no unfilled placeholder, raw code,
// catalogue key, English on a Polish or Ukrainian screen, console error or unexpected 4xx/5xx.
// Three accounts made through the APIs: a customer with everything to show (a garden test with
// results, one to edit, one to send; a farm order with results), a new account without a profile
// (the first visit's screens), and a signed-out browser (the first visit's splash, the sign-in,
// registration and link screens). One browser context per account, language and width.
// Screenshots: test-artifacts/customer-screens/<lang>-<width>-<screen>.png.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCrop } from '@gleba/contracts';
import {
  addGardenTest,
  adminApi,
  adminFile,
  adminToken,
  eventually,
  fillResultsTemplate,
  newCustomer,
  newKitCodes,
  placeFarmOrder,
  type Customer,
} from '../src/admin';
import { api, uniqueEmail } from '../src/api';
import { ARTIFACTS, hasChromium, launchBrowser, newContext } from '../src/browser';
import { app, markAppVisitor, signedInContext, text, type Lang } from '../src/customer';
import { stayLocal } from '../src/journey';
import { linkIn, waitForMail } from '../src/mail';
import { checkScreen, watchScreens, type ExpectedResponse } from '../src/screen-check';
import { system } from '../src/system';

const JOURNEY = 'customer-screens';
const LANGS: Lang[] = ['pl', 'en', 'uk'];
const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '375', viewport: { width: 375, height: 812 } },
] as const;
const T = 60_000;

interface ScreenSpec {
  name: string;
  path: string;
  /** A catalogue text the screen shows once its data is there. */
  ready?: string;
  expect?: ExpectedResponse[];
  /** Something to do on the screen before the check (fill, click). */
  act?: (page: Page, lang: Lang) => Promise<void>;
}

const CONSENT = JSON.stringify({
  consent: { necessary: true, commercial: false, social: true },
  expiresAt: Date.now() + 86_400_000,
});

/** Waits until nothing on the screen says it is still loading. */
async function settle(page: Page, ready?: string): Promise<void> {
  if (ready) await page.getByText(ready, { exact: true }).first().waitFor({ timeout: T });
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], tr[data-skeleton-row], .gl-loading-screen') &&
      document.body.innerText.trim().length > 0,
    undefined,
    { timeout: T },
  );
}

describe.runIf(hasChromium())('every customer screen, three languages, two widths', () => {
  let browser: Browser;
  let customer: Customer;
  let fresh: { accessToken: string; refreshToken: string };
  const ids = {
    resultsTest: '',
    editTest: '',
    sendTest: '',
    orderId: '',
    farmSample: '',
    cropId: '',
    wizardCrop: '',
  };
  const contexts: BrowserContext[] = [];
  rmSync(path.join(ARTIFACTS, JOURNEY), { recursive: true, force: true });

  beforeAll(async () => {
    const token = await adminToken();
    customer = await newCustomer('screens', 'pl');
    const [resultsCode, editCode, sendCode] = (await newKitCodes(token, 3)) as [string, string, string];
    const [results, edit, send] = await Promise.all([
      addGardenTest(customer, resultsCode, { gardenName: 'Ogród za domem' }),
      addGardenTest(customer, editCode, { confirm: false, gardenName: 'Warzywnik' }),
      addGardenTest(customer, sendCode, { gardenName: 'Sad przy drodze' }),
    ]);
    Object.assign(ids, { resultsTest: results.id, editTest: edit.id, sendTest: send.id });

    // A farm order with the lab's results: the orders, payment and field results screens.
    const order = await placeFarmOrder(customer);
    ids.orderId = order.id;
    for (const status of ['KIT_SENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS']) {
      const moved = await eventually(
        `order moved to ${status}`,
        () => adminApi(token, 'farm', `/orders/${order.id}/status`, { body: { status } }),
        (r) => r.status < 500,
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const placed = await api(`/api/orders/${order.id}`, { token: customer.accessToken });
    const samples = placed.body.order.samples as { id: string; code: string }[];
    ids.farmSample = samples[0]!.id;
    const crops = await api<TCrop[] | { items: TCrop[] }>('/api/crops', { token: customer.accessToken });
    const cropList = Array.isArray(crops.body) ? crops.body : crops.body.items;
    ids.cropId = cropList.find((c) => c.plotIds?.length)!.id;

    // A crop not ordered yet, for the order wizard's steps.
    const [lng, lat] = [22.6 + Math.random() * 0.05, 51.3 + Math.random() * 0.05];
    const ring = [
      [lng, lat],
      [lng + 0.003, lat],
      [lng + 0.003, lat + 0.0015],
      [lng, lat + 0.0015],
      [lng, lat],
    ];
    const plot = await api('/api/plots', {
      token: customer.accessToken,
      body: { name: 'Pole za lasem', geometry: { type: 'Polygon', coordinates: [ring] } },
    });
    expect(plot.status, JSON.stringify(plot.body)).toBe(201);
    const wizardCrop = await api<TCrop>('/api/crops', {
      token: customer.accessToken,
      body: {
        plantId: 'oats',
        cultivationFrom: '2027-03-20',
        cultivationTo: '2027-08-15',
        plotIds: [plot.body.id],
      },
    });
    expect(wizardCrop.status, JSON.stringify(wizardCrop.body)).toBe(201);
    ids.wizardCrop = wizardCrop.body.id;
    await eventually(
      'orders knows the new crop',
      () =>
        api('/api/orders/quote', {
          token: customer.accessToken,
          body: { crops: [{ cropId: ids.wizardCrop }] },
        }),
      (r) => r.status === 200,
    );

    const importRows = async (mode: 'farm' | 'garden', rows: { label: string }[]) => {
      const workbook = await fillResultsTemplate(
        await adminFile(token, mode, '/imports/template'),
        rows.map((r, i) => ({
          label: r.label,
          testType: 'BASIC_TEST',
          values: { PH_KCL: i === 0 ? 6.1 : 4.6, P2O5: 18.4, K2O: 9.7, MG: 5.2, CATEGORY: 'lekka' },
        })),
      );
      const res = await fetch(
        `${system().gateway}/${mode}-api/imports?testType=BASIC_TEST&step=apply&fileName=wyniki.xlsx`,
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
    };
    await importRows('garden', [{ label: resultsCode }]);
    await importRows(
      'farm',
      samples.map((s) => ({ label: s.code })),
    );
    await eventually(
      'the garden results',
      () => api(`/api/results/tests/${ids.resultsTest}`, { token: customer.accessToken }),
      (r) => r.status === 200 && r.body.results.length > 0,
      90_000,
    );
    await eventually(
      'the farm order completed',
      () => api(`/api/orders/${order.id}`, { token: customer.accessToken }),
      (r) => r.body.order?.status === 'ORDER_COMPLETED',
      90_000,
    );

    // A new account: registered and activated, no profile yet.
    const email = uniqueEmail('screens-new');
    const password = 'Nowe1234!';
    const reg = await api('/api/auth/register', {
      body: {
        firstName: 'Anna',
        lastName: 'Nowak',
        email,
        phoneNumber: '+48600300400',
        genderType: 'WOMAN',
        password,
        confirmPassword: password,
        termsAccepted: true,
        privacyPolicyAccepted: true,
        language: 'pl',
      },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBeLessThan(300);
    const link = linkIn(await waitForMail(email, /activ|aktyw|актив/i), /\/activate\//);
    const activated = await api(`/api/auth/activate/${new URL(link).pathname.split('/').pop()}`);
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    fresh = activated.body;

    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  async function open(
    viewport: { width: number; height: number },
    lang: Lang,
    tokens: { accessToken: string; refreshToken: string } | null,
  ): Promise<Page> {
    const context = await newContext(browser, { viewport, locale: lang === 'uk' ? 'uk-UA' : `${lang}-PL` });
    contexts.push(context);
    await stayLocal(context);
    if (tokens) {
      // A fresh token pair for each context: the refresh token rotates.
      await signedInContext(context, tokens, { lang, cookie_consent: CONSENT });
    } else {
      await markAppVisitor(context);
      await context.addInitScript((l) => {
        if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
      }, lang);
    }
    const page = await context.newPage();
    watchScreens(page);
    return page;
  }

  /** Visits a screen and checks it; what is wrong is collected, so one run names every defect. */
  async function visit(
    page: Page,
    lang: Lang,
    width: string,
    spec: ScreenSpec,
    problems: string[],
  ): Promise<void> {
    const step = `${lang}-${width}-${spec.name}`;
    try {
      await page.goto(app(spec.path));
      await settle(page, spec.ready ? text(lang, spec.ready) : undefined);
      if (spec.act) await spec.act(page, lang);
      await checkScreen(page, { journey: JOURNEY, step, lang, expect: spec.expect });
    } catch (e) {
      problems.push(e instanceof Error ? e.message : String(e));
    }
  }

  const signedOutScreens = (): ScreenSpec[] => [
    { name: 'login', path: '/login', ready: 'customer.loginHeading' },
    {
      name: 'register-empty',
      path: '/register',
      ready: 'customer.registerHeading',
      act: async (page, lang) => {
        await page.getByRole('button', { name: text(lang, 'customer.registerSubmit'), exact: true }).click();
        await page.getByRole('alert').first().waitFor({ timeout: T });
      },
    },
    { name: 'reset', path: '/reset', ready: 'customer.resetHeading' },
    {
      name: 'forgot-password-bad-link',
      path: '/forgot-password/not-a-token',
      expect: [
        { status: 400, url: /\/api\// },
        { status: 404, url: /\/api\// },
      ],
    },
    {
      name: 'set-password-bad-link',
      path: '/set-password/not-a-token',
      expect: [
        { status: 400, url: /\/api\// },
        { status: 404, url: /\/api\// },
      ],
    },
    {
      name: 'activation-failed',
      path: '/activate/not-a-token',
      ready: 'customer.activationErrorTitle',
      expect: [
        { status: 400, url: /\/api\/auth\/activate/ },
        { status: 404, url: /\/api\/auth\/activate/ },
      ],
    },
    { name: 'account-suspended', path: '/account-suspended' },
    { name: 'terms', path: '/terms-and-privacy-policy' },
  ];

  const newAccountScreens = (): ScreenSpec[] => [
    { name: 'new-dashboard', path: '/', ready: 'customer.titleDashboard' },
    // No profile yet: identity answers null (decision 0041), no 404 and no console error.
    { name: 'new-my-account', path: '/my-account', ready: 'customer.titleMyAccount' },
  ];

  const customerScreens = (): ScreenSpec[] => [
    { name: 'dashboard', path: '/', ready: 'customer.titleDashboard' },
    { name: 'my-account', path: '/my-account', ready: 'customer.titleMyAccount' },
    { name: 'notifications', path: '/notifications', ready: 'customer.titleNotifications' },
    { name: 'my-tests', path: '/soil-tests', ready: 'customer.titleSoilTests' },
    { name: 'add-test', path: '/soil-tests/add', ready: 'customer.titleAddTest' },
    { name: 'edit-test', path: `/soil-tests/edit/${ids.editTest}`, ready: 'customer.titleEditTest' },
    {
      name: 'garden-results',
      path: `/soil-tests/${ids.resultsTest}/results`,
      ready: 'customerTests.recommendations',
    },
    {
      // A farm order's sample: its results and the complaint form (within the 14 days).
      name: 'farm-sample-complaint',
      path: `/soil-tests/${ids.farmSample}/results`,
      ready: 'customerTests.recommendations',
      act: async (page, lang) => {
        await page
          .getByRole('button', { name: text(lang, 'customerTests.fileComplaint'), exact: true })
          .click();
        await page.getByLabel(text(lang, 'customerTests.complaintReason')).waitFor({ timeout: 15_000 });
      },
    },
    { name: 'send-samples', path: `/soil-tests/${ids.sendTest}/send`, ready: 'customerTests.sendTitle' },
    { name: 'map', path: '/map' },
    { name: 'orders', path: '/orders', ready: 'farmOrder.titleOrders' },
    { name: 'order-wizard', path: '/orders/new', ready: 'farmOrder.titleNewOrder' },
    { name: 'order-payment', path: `/orders/${ids.orderId}/payment`, ready: 'farmOrder.titlePayment' },
    { name: 'field-results', path: `/fields/${ids.cropId}/results`, ready: 'farmOrder.titleFieldResults' },
    { name: 'how-to-sample', path: '/how-to-sample', ready: 'guide.title' },
    { name: 'onboarding', path: '/onboarding' },
    {
      // The last step: the optional survey (how the user heard of Gleba, what they grow, farm size).
      name: 'onboarding-survey',
      path: '/onboarding',
      act: async (page, lang) => {
        for (let step = 1; step < 5; step++)
          await page.getByRole('button', { name: text(lang, 'onboarding.next'), exact: true }).click();
        await page
          .getByRole('form', { name: text(lang, 'onboarding.surveyTitle') })
          .waitFor({ timeout: 15_000 });
      },
    },
    { name: 'faq', path: '/faq', ready: 'customer.titleFaq' },
    { name: 'terms-signed-in', path: '/terms-and-privacy-policy', ready: 'customer.titleTerms' },
    { name: 'not-found', path: '/no-such-screen' },
  ];

  /** The phone's layout: no sideways scrolling, a top bar of its own height, the bell an icon of 44 px. */
  async function phoneLayout(page: Page, lang: Lang): Promise<string[]> {
    const found: string[] = [];
    await page.goto(app('/'));
    await settle(page, text(lang, 'customer.titleDashboard'));
    const dashboard = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      tables: Array.from(document.querySelectorAll<HTMLElement>('.gl-table-scroll')).map(
        (t) => t.scrollWidth - t.clientWidth,
      ),
    }));
    if (dashboard.page > 375) found.push(`${lang}: the dashboard is ${dashboard.page} px wide at 375 px`);
    if (dashboard.tables.some((d) => d > 1))
      found.push(`${lang}: the dashboard's tests table scrolls sideways`);
    const bell = page.locator('header.topbar a[href="/notifications"]');
    const box = await bell.boundingBox();
    if (!box || box.width < 44 || box.height < 44)
      found.push(`${lang}: the bell's tap target is ${box?.width}x${box?.height} px`);
    if ((await bell.locator('svg').count()) !== 1) found.push(`${lang}: the bell is not an icon`);
    await page.goto(app('/no-such-screen'));
    await settle(page);
    const bar = await page.locator('header.topbar').boundingBox();
    if (!bar || bar.height > 70) found.push(`${lang}: the top bar is ${bar?.height} px high on a short page`);
    return found;
  }

  it('pl at 1280 px: the order wizard, step by step, laid out as lists', async () => {
    const problems: string[] = [];
    const login = await api('/api/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    const page = await open({ width: 1280, height: 800 }, 'pl', login.body);
    const step = async (name: string) => {
      try {
        await checkScreen(page, { journey: JOURNEY, step: `pl-1280-wizard-${name}`, lang: 'pl' });
      } catch (e) {
        problems.push((e as Error).message);
      }
    };
    const next = () => page.getByRole('button', { name: text('pl', 'farmOrder.next'), exact: true }).click();
    await page.goto(app('/orders/new'));
    await settle(page, text('pl', 'farmOrder.titleNewOrder'));
    // The crop named after its plant is named once.
    const crop = page.getByRole('checkbox', { name: /^Owies/ });
    await crop.check();
    expect(await crop.evaluate((el) => el.closest('label')!.textContent)).not.toMatch(/Owies \(Owies\)/);
    await step('crops');
    await next();
    await page.getByRole('radio', { name: new RegExp(text('pl', 'farmOrder.typeSTANDARD')) }).check();
    // Options one under another, each on one line of its own.
    const boxes = await page.locator('.wizard-option').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width) };
      }),
    );
    expect(boxes.length).toBeGreaterThan(2);
    expect(new Set(boxes.map((b) => b.x)).size, JSON.stringify(boxes)).toBe(1);
    expect(
      boxes.every((b, i) => i === 0 || b.y > boxes[i - 1]!.y),
      JSON.stringify(boxes),
    ).toBe(true);
    await step('type');
    await next();
    await step('equipment');
    await next();
    await page.getByLabel(text('pl', 'farmOrder.confirmData')).check({ timeout: T });
    await step('data');
    await next();
    await step('address');
    await next();
    await page.getByTestId('order-total').waitFor({ timeout: T });
    await step('summary');
    // Finished steps are not struck through.
    const done = await page
      .locator('.farm-order__steps li')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).textDecorationLine));
    expect(
      done.filter((d) => d.includes('line-through')),
      done.join(),
    ).toEqual([]);
    // The price table is as wide as the sector table.
    const widths = await page
      .locator('.farm-order table.gl-table')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
    expect(widths.length).toBe(2);
    expect(widths[1]).toBe(widths[0]);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  /** One language at one width: signed out, a new account, a customer with everything. */
  async function everyScreen(
    lang: Lang,
    width: string,
    viewport: { width: number; height: number },
  ): Promise<string[]> {
    const problems: string[] = [];
    const out = await open(viewport, lang, null);
    // The first visit: the splash carousel (the cookie banner under it).
    await visit(out, lang, width, { name: 'first-visit', path: '/login' }, problems);
    await out.evaluate((c) => {
      localStorage.setItem('splash_screen_on', 'true');
      localStorage.setItem('cookie_consent', c);
    }, CONSENT);
    for (const spec of signedOutScreens()) await visit(out, lang, width, spec, problems);

    const login = await api('/api/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    const newbie = await open(viewport, lang, fresh);
    for (const spec of newAccountScreens()) await visit(newbie, lang, width, spec, problems);
    const page = await open(viewport, lang, login.body);
    for (const spec of customerScreens()) await visit(page, lang, width, spec, problems);
    if (viewport.width < 768) problems.push(...(await phoneLayout(page, lang)));
    return problems;
  }

  // The three languages of a width run side by side (each in its own contexts).
  for (const { name: width, viewport } of WIDTHS) {
    it(`at ${width} px in pl, en and uk: signed out, a new account, a customer with everything`, async () => {
      const problems = (await Promise.all(LANGS.map((lang) => everyScreen(lang, width, viewport)))).flat();
      expect(problems, problems.join('\n')).toEqual([]);
    }, 360_000);
  }
});
