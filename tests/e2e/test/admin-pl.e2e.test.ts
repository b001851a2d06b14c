// The admin panel in Polish at 1280 px, as a lab operator reads it: orders, an order's detail
// (crop, test and people named, long e-mails wrapping in their cards), barcode labels, waybills
// and a parcel whose tracking moves (the DPD simulator's journey, its clock moved forward), the
// import page and users. On every screen: no raw codes, no message keys or {placeholders}, no
// English text of the panel's catalogue, nothing wider than its box; no request answered 404
// (the unseen-count query); a toast never covers the logo or the page title.
// Screenshots: test-artifacts/admin-pl/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { namespaces } from '@gleba/i18n';
import {
  addGardenTest,
  adminApi,
  adminToken,
  bookPickupShipment,
  eventually,
  fileComplaint,
  importBasicResults,
  newCustomer,
  newKitCodes,
  placeFarmOrder,
  type Customer,
} from '../src/admin';
import { api } from '../src/api';
import { ARTIFACTS, hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { text } from '../src/customer';
import { checkScreen as checkScreenIn } from '../src/screen-check';
import { system } from '../src/system';

const T = 30_000;
const VIEWPORT = { width: 1280, height: 900 };

/** English texts of the panel's catalogue that differ from the Polish ones (two words or more). */
const ENGLISH = (['admin', 'common'] as const).flatMap((ns) => {
  const en = namespaces[ns].en as Record<string, string>;
  const pl = namespaces[ns].pl as Record<string, string>;
  return Object.entries(en)
    .filter(([k, v]) => !v.includes('{') && v.includes(' ') && v.length >= 8 && pl[k] !== v)
    .map(([, v]) => v);
});
const RAW_CODES = [
  'winter-wheat',
  'BASIC_TEST',
  'MICRO',
  'PAYMENT_CONFIRMED',
  'KIT_SENT',
  'WAITING_FOR_RESULTS',
  'PICKUP_POINT',
  'IN_TRANSIT',
];

describe.runIf(hasChromium())('admin panel in Polish at 1280 px: a lab operator’s walk', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const notFound: string[] = [];
  let customer: Customer;
  let farm: { id: string; orderNumber: string };
  let parcel: { id: string; waybill: string };
  /** A completed farm order whose one sample the customer complained about; a garden test's complaint. */
  const complained = { orderId: '', orderNumber: '', sampleCode: '', gardenOrderNumber: '', gardenCode: '' };
  rmSync(path.join(ARTIFACTS, 'admin-pl'), { recursive: true, force: true });
  const shot = screenshots('admin-pl');
  const admin = () => `${system().gateway}/admin`;

  /** The copy and layout checks of one screen. */
  async function checkScreen(name: string) {
    await page
      .locator('[aria-busy="true"]')
      .first()
      .waitFor({ state: 'detached', timeout: T })
      .catch(() => undefined);
    await page.locator('tr[data-skeleton-row]').first().waitFor({ state: 'detached', timeout: T });
    await shot(page, name);
    const text = await page.locator('body').innerText();
    expect(text, `${name}: a message key`).not.toMatch(
      /\b(admin|common|labResults|notifications|errors)\.[a-zA-Z]/,
    );
    expect(text, `${name}: a placeholder`).not.toMatch(/\{[a-zA-Z]+\}/);
    for (const code of RAW_CODES) expect(text, `${name}: raw code ${code}`).not.toContain(code);
    const english = ENGLISH.filter((e) => text.includes(e));
    expect(english, `${name}: English on a Polish screen`).toEqual([]);
    const overflowing = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.card, .table-wrap, .content, dd'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto')
        .map((el) => `${el.className || el.tagName}: ${el.scrollWidth} > ${el.clientWidth}`),
    );
    expect(overflowing, `${name}: wider than its box`).toEqual([]);
    const wraps = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.table-wrap'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.scrollWidth} > ${el.clientWidth}`),
    );
    expect(wraps, `${name}: a table cut off at 1280 px`).toEqual([]);
  }

  /** The visible toast overlaps neither the logo nor the page title. */
  async function toastClear(text: string | RegExp) {
    const toast = page.locator('.gl-toast', { hasText: text });
    await toast.waitFor({ timeout: T });
    const box = (await toast.boundingBox())!;
    for (const selector of ['.sidebar__brand', 'h1']) {
      const other = (await page.locator(selector).first().boundingBox())!;
      const overlap =
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height;
      expect(overlap, `the toast covers ${selector}`).toBe(false);
    }
  }

  beforeAll(async () => {
    const token = await adminToken();
    customer = await newCustomer('admin-pl', 'pl');
    farm = await placeFarmOrder(customer);
    const [code, complainedCode] = (await newKitCodes(token, 2)) as [string, string];
    const garden = await addGardenTest(customer, code, { gardenName: 'Ogród pana Tadeusza' });
    parcel = await bookPickupShipment(customer, garden.id);

    // Complaints: one about a completed farm order's sample, one about a garden test (decision 0052).
    const complainedFarm = await placeFarmOrder(customer);
    for (const status of ['KIT_SENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS']) {
      const moved = await adminApi(token, 'farm', `/orders/${complainedFarm.id}/status`, {
        body: { status },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const sample = (await api(`/api/orders/${complainedFarm.id}`, { token: customer.accessToken })).body.order
      .samples[0] as { id: string; code: string };
    const gardenComplained = await addGardenTest(customer, complainedCode, {
      gardenName: 'Rabata przy płocie',
    });
    await importBasicResults(token, 'farm', [sample.code]);
    await importBasicResults(token, 'garden', [complainedCode]);
    await eventually(
      'the farm order completed',
      () => api(`/api/orders/${complainedFarm.id}`, { token: customer.accessToken }),
      (r) => r.body.order?.status === 'ORDER_COMPLETED',
    );
    await fileComplaint(customer, gardenComplained.id, {
      reason: 'RESULTS_MISSING',
      text: 'Brakuje wyniku magnezu.',
    });
    await fileComplaint(customer, sample.id, {
      reason: 'RESULTS_IMPLAUSIBLE',
      text: 'pH 5,8 na polu wapnowanym jesienią? Proszę sprawdzić próbkę.',
    });
    Object.assign(complained, {
      orderId: complainedFarm.id,
      orderNumber: complainedFarm.orderNumber,
      sampleCode: sample.code,
      gardenOrderNumber: gardenComplained.orderNumber,
      gardenCode: complainedCode,
    });
    browser = await launchBrowser();
    context = await newContext(browser, { locale: 'pl-PL', viewport: VIEWPORT });
    page = await context.newPage();
    problems = watchPage(page);
    page.on('response', (r) => {
      if (r.status() === 404 && !r.url().includes('/pdf'))
        notFound.push(`${r.request().method()} ${r.url()}`);
    });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await shot(page, `failed-${ctx.task.name}`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('signs in in Polish and shows the orders; nothing answers 404', async () => {
    await page.goto(`${admin()}/`);
    await page.getByLabel('E-mail').fill('admin@gleba.local');
    await page.getByLabel('Hasło', { exact: true }).fill('Admin123!');
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.waitForURL(/\/admin\/orders/, { timeout: T });
    await page.getByRole('heading', { name: 'Zamówienia' }).waitFor({ timeout: T });
    await checkScreen('orders');
    expect(notFound).toEqual([]);
  });

  it('an order’s detail names the crop and the people; a status change’s toast leaves logo and title clear', async () => {
    await page.goto(`${admin()}/orders/${farm.id}`);
    await page
      .getByRole('heading', { name: new RegExp(farm.orderNumber.replace(/\//g, '\\/')) })
      .waitFor({ timeout: T });
    await page.getByText('Pszenica ozima').first().waitFor({ timeout: T });
    await page
      .getByText(/\(klient\)/)
      .first()
      .waitFor({ timeout: T });
    await checkScreen('order-detail');
    await page.getByLabel('Nowy status').selectOption('KIT_SENT');
    await page.getByRole('button', { name: 'Zmień status' }).click();
    await toastClear(/Status zmieniony/);
    await page.getByText(/Anna Admin \(administrator\)/).waitFor({ timeout: T });
    await checkScreen('order-detail-after-change');
  });

  it('barcode labels', async () => {
    await page.getByRole('link', { name: 'Etykiety kodów' }).click();
    await page.getByRole('heading').first().waitFor({ timeout: T });
    await checkScreen('labels');
  });

  it('waybills and a parcel whose tracking moves; "Sprawdź teraz" says what it found', async () => {
    // The DPD simulator's clock moves the parcel through its journey.
    await fetch(`${system().simulators.dpd}/__sim/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 24 * 3600_000 }),
    });
    await page.goto(`${admin()}/shipments`);
    await page.getByRole('group', { name: 'Tryb' }).getByRole('button', { name: 'Ogród' }).click();
    await page.locator('table.gl-table tbody tr', { hasText: parcel.waybill }).waitFor({ timeout: T });
    await page.getByText('Koszt wysyłki').first().waitFor({ timeout: T });
    await checkScreen('shipments');
    await page.getByRole('link', { name: parcel.waybill }).click();
    await page.getByRole('heading', { name: new RegExp(parcel.waybill) }).waitFor({ timeout: T });
    await page.getByRole('button', { name: 'Sprawdź teraz' }).click();
    await toastClear(/Nowe zdarzenia DPD: \d+\. Status: Doręczona\./);
    const rows = page.locator('table.gl-table tbody tr');
    await expect
      .poll(async () => (await rows.allTextContents()).length, { timeout: T })
      .toBeGreaterThanOrEqual(6);
    const history = (await rows.allTextContents()).join('\n');
    for (const step of [
      'Dane przesyłki zarejestrowane w DPD',
      'W oddziale doręczającym',
      'Wydana do doręczenia',
      'Doręczona do laboratorium',
    ])
      expect(history).toContain(step);
    await checkScreen('shipment-tracking');
    await page.getByRole('button', { name: 'Sprawdź teraz' }).click();
    await toastClear('DPD nie zgłosił nic nowego.');
  });

  it('the import page and its history fit 1280 px', async () => {
    await page.getByRole('link', { name: 'Import wyników' }).click();
    await page.getByRole('heading').first().waitFor({ timeout: T });
    await checkScreen('imports');
  });

  it('late orders (the 4-day rule) and the complaints tab', async () => {
    // The filter lives in the address, as every filter of the list does.
    await page.goto(`${admin()}/orders?late=true`);
    await page.getByRole('heading', { name: 'Zamówienia' }).waitFor({ timeout: T });
    await expect
      .poll(
        () => page.getByRole('checkbox', { name: 'Tylko spóźnione (próbki niewysłane w 4 dni)' }).isChecked(),
        {
          timeout: T,
        },
      )
      .toBe(true);
    await checkScreen('orders-late');
    await page.getByRole('link', { name: 'Reklamacje' }).click();
    await page.getByRole('heading', { name: 'Reklamacje' }).waitFor({ timeout: T });
    // Farm and garden complaints together, each naming its order and sample.
    const farmRow = page.locator('tr', { hasText: complained.sampleCode });
    await farmRow.waitFor({ timeout: T });
    await expect.poll(() => farmRow.innerText()).toContain(complained.orderNumber);
    expect(await farmRow.innerText()).toMatch(/Rolnik[\s\S]*próbka 1: /);
    const gardenRow = page.locator('tr', { hasText: complained.gardenCode });
    expect(await gardenRow.innerText()).toContain(complained.gardenOrderNumber);
    expect(await gardenRow.innerText()).toContain('Rabata przy płocie');
    await checkScreen('complaints');
  });

  it("answers a farm sample's complaint with a re-test; the sample's new results close it", async () => {
    const farmRow = page.locator('tr', { hasText: complained.sampleCode });
    await farmRow.getByRole('button', { name: 'Odpowiedz' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Odpowiedź na reklamację próbki ${complained.sampleCode} (zamówienie ${complained.orderNumber})`,
    });
    await dialog.waitFor({ timeout: T });
    await dialog
      .getByLabel('Odpowiedź dla klienta')
      .fill('Powtórzymy badanie tej próbki w przyszłym tygodniu.');
    await dialog.getByRole('checkbox', { name: /Powtórz badanie próbki/ }).check();
    await checkScreen('complaint-answer');
    await dialog.getByRole('button', { name: 'Wyślij odpowiedź' }).click();
    await toastClear('Odpowiedź wysłana do klienta.');
    await expect.poll(() => farmRow.innerText(), { timeout: T }).toContain('Badanie do powtórzenia');
    await checkScreen('complaints-answered');

    // The lab tests the sample again: the order's results are updated, the complaint is done.
    await importBasicResults(await adminToken(), 'farm', [complained.sampleCode], 6.4);
    await eventually(
      'the farm order updated',
      () => api(`/api/orders/${complained.orderId}`, { token: customer.accessToken }),
      (r) => r.body.order?.status === 'RESULTS_UPDATED',
    );
    await page.reload();
    await expect
      .poll(() => page.locator('tr', { hasText: complained.sampleCode }).innerText(), { timeout: T })
      .toContain('Badanie powtórzone');
  });

  it('the complaints tab and its answer dialog in English and Ukrainian, at 1280 and 375 px', async () => {
    const setLang = (lang: string) => page.evaluate((l) => localStorage.setItem('lang', l), lang);
    try {
      for (const lang of ['en', 'uk'] as const)
        for (const width of [1280, 375]) {
          await setLang(lang);
          await page.setViewportSize({ width, height: width > 400 ? VIEWPORT.height : 812 });
          await page.goto(`${admin()}/complaints`);
          const row = page.locator('tr', { hasText: complained.gardenCode });
          await row.waitFor({ timeout: T });
          await expect.poll(() => row.innerText()).toContain(text(lang, 'admin.complaintKindGARDEN'));
          await checkScreenIn(page, { journey: 'admin-complaints', step: `${lang}-${width}-list`, lang });
          await row.getByRole('button', { name: text(lang, 'admin.complaintAnswer') }).click();
          await page.getByRole('dialog').waitFor({ timeout: T });
          await checkScreenIn(page, { journey: 'admin-complaints', step: `${lang}-${width}-answer`, lang });
          await page.getByRole('button', { name: text(lang, 'admin.cancel') }).click();
        }
    } finally {
      await setLang('pl');
      await page.setViewportSize(VIEWPORT);
      await page.goto(`${admin()}/complaints`);
    }
    await page.getByRole('heading', { name: 'Reklamacje' }).waitFor({ timeout: T });
  });

  it('users, with the onboarding survey counted', async () => {
    await page.getByRole('link', { name: 'Użytkownicy' }).click();
    await page.getByRole('heading').first().waitFor({ timeout: T });
    await page.getByRole('heading', { name: 'Ankieta powitalna' }).waitFor({ timeout: T });
    await page.getByRole('table', { name: 'Skąd wiesz o Gleba?' }).waitFor({ timeout: T });
    await checkScreen('users');
    expect(notFound, 'requests answered 404').toEqual([]);
    expect(
      problems.filter((x) => x.startsWith('pageerror') || x.startsWith('5')),
      problems.join('\n'),
    ).toEqual([]);
  });
});
