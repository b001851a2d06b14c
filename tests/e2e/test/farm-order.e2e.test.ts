// The farm order in Chromium against the suite's system (desktop, Polish): from the field map's
// link to the orders, through the wizard (a divided crop, basic test, confirmed data, the profile's
// address, the summary priced by the orders service), "order and pay", the Przelewy24 simulator's
// page, back to the payment result; then the lab's results are imported and the field's sectors
// show on the nutrient map coloured by pH class and by liming need, with a sector's advice one
// click away and the field's history. Screenshots: test-artifacts/farm-order/.
//
// The customer app is built here with VITE_MAP_STYLE=blank (no remote tile) and served on
// 127.0.0.1 with /api passed to the gateway. Przelewy24 returns the customer to the orders
// service's `urlReturn` (`{CUSTOMER_APP_URL}/orders/payment-return?orderId=`, the gateway's origin
// in the suite's system), so after paying the test opens the same address on this app.
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TCrop, TPlot } from '@gleba/contracts';
import { t } from '@gleba/i18n';
import { api, DEMO_ADMIN, uniqueEmail } from '../src/api';
import { hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { linkIn, waitForMail } from '../src/mail';
import { system } from '../src/system';
import { startBlankMapApp } from '../src/blank-map-app';

const pl = (key: string, params?: Record<string, string | number>) => t('pl', key, params);

async function until<T>(
  what: string,
  fn: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not reached in ${timeoutMs} ms (last ${JSON.stringify(value)?.slice(0, 400)})`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A farmer registered, activated from the captured e-mail, with complete personal data (may order). */
async function newFarmer(): Promise<{ accessToken: string; refreshToken: string }> {
  const email = uniqueEmail('order');
  const password = 'Zamow1234!';
  const reg = await api('/api/auth/register', {
    body: {
      firstName: 'Jan',
      lastName: 'Zamawiający',
      email,
      phoneNumber: '+48600100200',
      genderType: 'MAN',
      password,
      confirmPassword: password,
      termsAccepted: true,
      privacyPolicyAccepted: true,
      language: 'pl',
    },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBeLessThan(300);
  const link = linkIn(await waitForMail(email, /activ|aktyw/i), /\/activate\//);
  const activated = await api(`/api/auth/activate/${new URL(link).pathname.split('/').pop()}`);
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  const tokens = activated.body as { accessToken: string; refreshToken: string };
  const address = {
    voivodeship: 'LUBLIN',
    cityName: 'Lublin',
    postCode: '20-001',
    streetName: 'Polna',
    buildingNumber: '12',
    apartmentNumber: null,
  };
  const profile = await api('/api/users/profile', {
    token: tokens.accessToken,
    body: {
      serviceRole: 'PERSONAL',
      personalData: {
        firstName: 'Jan',
        lastName: 'Zamawiający',
        genderType: 'MAN',
        phoneNumber: '+48600100200',
        taxNumber: null,
        address,
      },
      businessData: null,
      correspondenceAddress: { addressSource: 'PERSONAL_DATA', address: null },
    },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBeLessThan(300);
  return tokens;
}

let adminToken = '';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of many endpoints; callers narrow them
async function adminApi<T = any>(pathname: string, body?: unknown) {
  if (!adminToken) {
    const res = await api('/farm-api/auth/admin/login', { body: DEMO_ADMIN });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    adminToken = res.body.accessToken;
  }
  return api<T>(pathname, { token: adminToken, body });
}

/** The lab's workbook: the header names of lab-import's file format, one basic-test row per sample. */
async function resultsWorkbook(
  rows: { code: string; ph: number; p: number; k: number; mg: number }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Wyniki');
  sheet.addRow([
    'Etykieta',
    'Rodzaj badania',
    'pH w KCl',
    'Fosfor P2O5',
    'Potas K2O',
    'Magnez Mg',
    'Kategoria agronomiczna',
  ]);
  for (const r of rows) sheet.addRow([r.code, 'BASIC_TEST', r.ph, r.p, r.k, r.mg, 'średnia']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.runIf(hasChromium())('farm order, payment and nutrient map in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let app: { url: string; close: () => Promise<void> };
  let tokens: { accessToken: string; refreshToken: string };
  let problems: string[];
  let crop: TCrop;
  let orderId = '';
  const shot = screenshots('farm-order');
  const button = (name: string | RegExp) =>
    page.getByRole('button', { name, exact: typeof name === 'string' });
  const order = async () => (await api(`/api/orders/${orderId}`, { token: tokens.accessToken })).body.order;

  beforeAll(async () => {
    app = await startBlankMapApp(system().gateway, 'order');
    tokens = await newFarmer();

    // A field of about 5 ha near Lublin with one crop, divided into sectors (the map tools have their own suite).
    const [lng, lat] = [22.55 + Math.random() * 0.05, 51.2 + Math.random() * 0.05];
    const ring = [
      [lng, lat],
      [lng + 0.0036, lat],
      [lng + 0.0036, lat + 0.0018],
      [lng, lat + 0.0018],
      [lng, lat],
    ];
    const plot = await api<TPlot>('/api/plots', {
      token: tokens.accessToken,
      body: { name: 'Pole przy drodze', geometry: { type: 'Polygon', coordinates: [ring] } },
    });
    expect(plot.status, JSON.stringify(plot.body)).toBe(201);
    const created = await api<TCrop>('/api/crops', {
      token: tokens.accessToken,
      body: {
        name: 'Pszenica przy drodze',
        plantId: 'winter-wheat',
        cultivationFrom: '2026-09-20',
        cultivationTo: '2027-07-31',
        plotIds: [plot.body.id],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const divided = await api<TCrop>(`/api/crops/${created.body.id}/sectors/auto-divide`, {
      token: tokens.accessToken,
      body: { maxAreaHa: 2 },
    });
    expect(divided.status, JSON.stringify(divided.body)).toBe(200);
    crop = divided.body;
    expect(crop.sectors.length).toBeGreaterThan(1);
    // Orders learns crops and the customer's data from events: wait until it prices this crop.
    await until(
      'orders knows the crop and its sectors',
      () => api('/api/orders/quote', { token: tokens.accessToken, body: { crops: [{ cropId: crop.id }] } }),
      (r) => r.status === 200 && r.body.numberOfSamples === crop.sectors.length,
    );

    browser = await launchBrowser();
    context = await newContext(browser, { locale: 'pl-PL' });
    // Nothing leaves the machine.
    await context.route(
      (url) =>
        url.protocol.startsWith('http') && url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
      (route) => route.abort('blockedbyclient'),
    );
    await context.addInitScript((tk) => {
      localStorage.setItem('token', tk.accessToken);
      localStorage.setItem('refresh_token', tk.refreshToken);
      localStorage.setItem('lang', 'pl');
      localStorage.setItem('splash_screen_on', 'true');
    }, tokens);
    page = await context.newPage();
    problems = watchPage(page);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await shot(page, `failed-${ctx.task.name}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('goes from the field map to the orders and through the wizard to the priced summary', async () => {
    await page.goto(`${app.url}/map`);
    const accept = page.getByRole('button', { name: pl('ui.cookieAccept'), exact: true });
    await accept.waitFor({ timeout: 10_000 }).then(
      () => accept.click(),
      () => undefined,
    ); // the cookie banner, out of the screenshots
    await page.getByRole('link', { name: pl('farmOrder.ordersLink') }).click();
    await page.waitForURL(`${app.url}/orders`);
    await page.getByText(pl('farmOrder.noOrders')).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: pl('farmOrder.newOrder') }).click();
    await page.waitForURL(`${app.url}/orders/new`);

    await page.getByRole('checkbox', { name: /^Pszenica przy drodze/ }).check();
    await page.getByText(pl('farmOrder.samplesCount', { count: crop.sectors.length })).waitFor();
    await shot(page, 'wizard-crops');
    const next = () => button(pl('farmOrder.next')).click();
    await next();
    await page.getByRole('radio', { name: new RegExp(pl('farmOrder.typeSTANDARD')) }).check();
    await next();
    await page.getByText(pl('farmOrder.equipmentHint')).waitFor();
    await next();
    // The data step: the orders service refuses incomplete data, the wizard says so first.
    await page.getByLabel(pl('farmOrder.confirmData')).check({ timeout: 30_000 });
    await next();
    await page
      .getByText(/Polna 12, 20-001 Lublin/)
      .first()
      .waitFor();
    await next();
    await page.getByTestId('order-total').waitFor({ timeout: 30_000 });
    const quote = await api('/api/orders/quote', {
      token: tokens.accessToken,
      body: {
        type: 'STANDARD',
        crops: [{ cropId: crop.id, sectorIds: crop.sectors.map((s) => s.id) }],
        equipment: ['SAMPLE_BAGS'],
      },
    });
    expect((await page.getByTestId('order-total').textContent())!.replace(/\s/g, ' ')).toBe(
      `${quote.body.totalPrice / 100} zł`,
    );
    await shot(page, 'wizard-summary');
  });

  it('orders and pays on the Przelewy24 simulator, and the result page shows it paid', async () => {
    await button(pl('farmOrder.orderAndPay')).click();
    await page.waitForURL((url) => url.href.startsWith(system().simulators.przelewy24!), { timeout: 60_000 });
    await shot(page, 'przelewy24');
    await button('Zapłać').click();
    // Przelewy24 sends the browser to the orders service's urlReturn (see the top of the file):
    // this app's return page stands for it.
    await page.waitForURL((url) => !url.href.startsWith(system().simulators.przelewy24!), {
      timeout: 60_000,
    });
    if (!page.url().startsWith(app.url)) {
      const back = new URL(page.url());
      await page.goto(`${app.url}${back.pathname}${back.search}`);
    }
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}\/payment\?returned=1$/, { timeout: 60_000 });
    await page.getByText(pl('farmOrder.paid')).waitFor({ timeout: 60_000 });
    orderId = new URL(page.url()).pathname.split('/')[2]!;
    expect(await order()).toMatchObject({
      status: 'PAYMENT_CONFIRMED',
      paymentStatus: 'PAID',
      numberOfSamples: crop.sectors.length,
    });
    await shot(page, 'paid');
  });

  it("after the lab results are imported shows the sectors coloured by pH class and liming need, with each sector's advice", async () => {
    // The kit's way to the lab (no customer screen for it): admin moves, then the lab's file.
    for (const status of ['KIT_SENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS']) {
      // The shared Postgres may refuse a connection on a busy machine (5xx): ask again.
      const moved = await until(
        `order moved to ${status}`,
        () => adminApi(`/farm-api/orders/${orderId}/status`, { status }),
        (r) => r.status < 500,
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const samples = ((await order()).samples as { code: string; sectorId: string; fieldName: string }[]).sort(
      (a, b) => a.sectorId.localeCompare(b.sectorId),
    );
    // First sector very acidic (liming necessary), the others neutral.
    const rows = samples.map((s, i) => ({
      code: s.code,
      ph: i === 0 ? 4.2 : 6.8,
      p: 8 + i * 10,
      k: 10 + i * 6,
      mg: 3 + i * 3,
    }));
    const file = await resultsWorkbook(rows);
    const upload = await fetch(
      `${system().gateway}/farm-api/imports?testType=BASIC_TEST&step=apply&fileName=wyniki.xlsx`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${adminToken}`,
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
        body: new Uint8Array(file),
      },
    );
    const imported = (await upload.json()) as { id: string };
    expect(upload.status, JSON.stringify(imported)).toBe(202);
    const done = await until(
      'import applied',
      async () => (await adminApi(`/farm-api/imports/${imported.id}`)).body,
      (b) => ['APPLIED', 'FAILED', 'REJECTED'].includes(b.status),
      120_000,
    );
    expect(done.status, JSON.stringify(done)).toBe('APPLIED');
    await until('order completed', order, (o) => o.status === 'ORDER_COMPLETED');

    await page.goto(`${app.url}/orders`);
    await page
      .getByRole('link', { name: pl('farmOrder.resultsMapOf', { name: samples[0]!.fieldName }) })
      .click();
    await page.waitForURL(new RegExp(`/fields/${crop.id}/results`));
    await page
      .getByRole('region', { name: pl('farmOrder.mapLabel') })
      .locator('canvas')
      .waitFor({ timeout: 30_000 });
    const sectors = page.getByRole('region', { name: pl('farmOrder.sectors') }).getByRole('button');
    await expect.poll(() => sectors.count(), { timeout: 30_000 }).toBe(crop.sectors.length);
    const first = crop.sectors.find((s) => s.id === samples[0]!.sectorId)!;
    const firstButton = sectors.filter({ hasText: new RegExp(`^\\s*${first.name}:`) });
    expect(await firstButton.getAttribute('data-class')).toBe('VERY_ACIDIC');
    expect(
      await sectors.evaluateAll(
        (els) => els.filter((e) => e.getAttribute('data-class') === 'NEUTRAL').length,
      ),
    ).toBe(crop.sectors.length - 1);
    await page.waitForTimeout(1500); // the canvas paints the sectors
    await shot(page, 'nutrient-map-ph');

    await page.getByRole('radio', { name: pl('farmOrder.layer_LIMING') }).check();
    await expect.poll(() => firstButton.getAttribute('data-class')).toBe('NECESSARY');
    await firstButton.click();
    const panel = page.getByRole('complementary', {
      name: pl('farmOrder.recommendationsOf', { name: first.name }),
    });
    await panel.waitFor();
    await panel.getByText(pl('farmOrder.limingNeed', { need: pl('agronomy.needNecessary') })).waitFor();
    await page.waitForTimeout(800);
    await shot(page, 'nutrient-map-liming-advice');

    const history = page.getByRole('region', { name: pl('farmOrder.history') });
    await expect.poll(() => history.getByRole('row').count()).toBe(crop.sectors.length + 1);
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'field-history');
    expect(
      problems.filter((p) => p.startsWith('pageerror') || /^5\d\d /.test(p)),
      problems.join('\n'),
    ).toEqual([]);
  });
});
