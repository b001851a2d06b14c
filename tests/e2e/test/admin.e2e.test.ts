// The admin panel (/admin on the suite's gateway) in Chromium against the real system,
// the seeded farmer is refused at the admin login with the spec's message; the admin
// finds a customer's order by search and by filters and changes its status (the customer gets the
// in-app notification and the e-mail); switching farmer / garden mode changes the orders shown;
// prints a barcode label sheet; downloads a parcel's DPD label (waybill) and follows its tracking
// history from the DPD simulator; imports a results workbook (the lab's template from the admin
// API, filled here with exceljs) through the wizard, after which the customer sees the results in
// the API and on the customer app's results page. The orders, the garden test and the parcel are
// made through the APIs as the customer (src/admin.ts). Screenshots: test-artifacts/admin/.
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addGardenTest,
  adminApi,
  adminFile,
  adminToken,
  bookPickupShipment,
  eventually,
  fillResultsTemplate,
  inspectPdf,
  newCustomer,
  newKitCodes,
  placeFarmOrder,
  pushTracking,
  type Customer,
} from '../src/admin';
import { api, DEMO_FARMER } from '../src/api';
import { ARTIFACTS, hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { waitForMail } from '../src/mail';
import { system } from '../src/system';

const T = 30_000;

describe.runIf(hasChromium())('admin panel in Chromium against the real system', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let token: string;
  let customer: Customer;
  let farm: { id: string; orderNumber: string };
  let garden: { id: string; orderNumber: string; barcode: string };
  // This run's screenshots only.
  rmSync(path.join(ARTIFACTS, 'admin'), { recursive: true, force: true });
  const shot = screenshots('admin');
  const admin = () => `${system().gateway}/admin`;
  const button = (name: string | RegExp) =>
    page.getByRole('button', { name, exact: typeof name === 'string' });
  const link = (name: string | RegExp) => page.getByRole('link', { name, exact: typeof name === 'string' });
  const toast = (text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: T });
  const orderLinks = () => page.locator('table.gl-table tbody a[href*="/orders/"]');
  const search = async (text: string) => {
    await page.getByRole('searchbox', { name: 'Search' }).fill(text);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  };
  /** Waits until the orders table has loaded (no skeleton rows) and returns the order numbers it shows. */
  const shownOrders = async () => {
    await page.locator('tr[data-skeleton-row]').first().waitFor({ state: 'detached', timeout: T });
    return orderLinks().allTextContents();
  };
  const download = async (click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> => {
    const [d] = await Promise.all([page.waitForEvent('download', { timeout: T }), click()]);
    return { download: d, bytes: await readFile((await d.path())!) };
  };

  beforeAll(async () => {
    token = await adminToken();
    customer = await newCustomer('admin-panel');
    farm = await placeFarmOrder(customer);
    const [code] = await newKitCodes(token, 1);
    garden = await addGardenTest(customer, code!, { gardenName: 'Ogród pani Zofii' });
    browser = await launchBrowser();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await shot(page, `failed-${ctx.task.name}`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("refuses the seeded farmer at the admin login with the spec's message (pl by default, then en)", async () => {
    const farmer = await newContext(browser, { locale: 'pl-PL' });
    const p = await farmer.newPage();
    const farmerProblems = watchPage(p);
    await p.goto(`${admin()}/`);
    await p.getByLabel('E-mail').fill(DEMO_FARMER.email);
    await p.getByLabel('Hasło', { exact: true }).fill(DEMO_FARMER.password);
    await p.getByRole('button', { name: 'Zaloguj się' }).click();
    await p.getByText('Nie masz uprawnień administratora.').waitFor({ timeout: T });
    await shot(p, 'farmer-refused-pl');
    await p.evaluate(() => localStorage.setItem('lang', 'en'));
    await p.reload();
    await p.getByLabel('E-mail').fill(DEMO_FARMER.email);
    await p.getByLabel('Password', { exact: true }).fill(DEMO_FARMER.password);
    await p.getByRole('button', { name: 'Log in' }).click();
    await p.getByText('You lack administrator privileges.').waitFor({ timeout: T });
    await shot(p, 'farmer-refused-en');
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(
      farmerProblems.filter((x) => x.startsWith('pageerror') || x.startsWith('5')),
      farmerProblems.join('\n'),
    ).toEqual([]);
    await farmer.close();
  });

  it("signs the admin in and finds the customer's farm order by search and by filters", async () => {
    context = await newContext(browser, { locale: 'en-GB' });
    await context.addInitScript(() => {
      const w = window as unknown as { printCalls?: number; print: () => void };
      w.print = () => {
        w.printCalls = (w.printCalls ?? 0) + 1;
      };
      try {
        if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
      } catch {
        /* a PDF window has no storage of its own */
      }
    });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${admin()}/`);
    await page.getByLabel('E-mail').fill('admin@gleba.local');
    await page.getByLabel('Password', { exact: true }).fill('Admin123!');
    await button('Log in').click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor({ timeout: T });
    await page.waitForURL(/\/admin\/orders/);
    expect(await shownOrders()).toContain(farm.orderNumber);
    await shot(page, 'orders-signed-in');

    // By its number: that order alone.
    await search(farm.orderNumber);
    await expect.poll(shownOrders, { timeout: T }).toEqual([farm.orderNumber]);
    await shot(page, 'orders-search-by-number');

    // By the customer's (unique) surname and filters: status, payment status, type, tab.
    await search(customer.lastName);
    await page.getByLabel('Status', { exact: true }).selectOption('PAYMENT_CONFIRMED');
    await page.getByLabel('Payment', { exact: true }).selectOption('PENDING');
    await expect.poll(shownOrders, { timeout: T }).toEqual([farm.orderNumber]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('PAYMENT_CONFIRMED');
    await shot(page, 'orders-filtered');
    await page.getByLabel('Status', { exact: true }).selectOption('KIT_SENT');
    await page.getByText('No orders match the criteria.').waitFor({ timeout: T });
    await page.getByLabel('Status', { exact: true }).selectOption('PAYMENT_CONFIRMED');
    await page.getByRole('tab', { name: 'To send' }).click();
    await expect.poll(shownOrders, { timeout: T }).toEqual([farm.orderNumber]);
    await page.getByRole('tab', { name: 'In progress' }).click();
    await page.getByText('No orders match the criteria.').waitFor({ timeout: T });
    await shot(page, 'orders-filter-in-progress-empty');
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(shownOrders, { timeout: T }).toEqual([farm.orderNumber]);
  });

  it("changes the order's status; the customer gets the in-app notification and the e-mail", async () => {
    await link(farm.orderNumber).click();
    await page
      .getByRole('heading', { name: new RegExp(farm.orderNumber.replace(/\//g, '\\/')) })
      .waitFor({ timeout: T });
    await shot(page, 'order-detail');
    await page.getByLabel('New status').selectOption('KIT_SENT');
    await button('Change status').click();
    await toast('Status changed to: sampling kit sent.');
    await page.locator('h1 .status--KIT_SENT').waitFor({ timeout: T });
    await shot(page, 'order-status-changed');
    expect((await adminApi(token, 'farm', `/orders/${farm.id}`)).body.status).toBe('KIT_SENT');

    const inApp = await eventually(
      'the in-app notification of the status change',
      () =>
        api('/api/notifications/in-app?page=1&perPage=50&orderBy=createdAt:desc&filter=all', {
          token: customer.accessToken,
          lang: 'en',
        }),
      (r) =>
        r.status === 200 &&
        r.body.items.some(
          (n: { text: string }) => n.text.includes(farm.orderNumber) && /sampling kit sent/.test(n.text),
        ),
    );
    const note = inApp.body.items.find(
      (n: { text: string }) => n.text.includes(farm.orderNumber) && /sampling kit sent/.test(n.text),
    );
    expect(note).toMatchObject({
      seen: false,
      text: `Status of order ${farm.orderNumber}: sampling kit sent.`,
    });
    // The whole subject: the order's earlier status mails (awaiting payment...) begin the same way.
    const mail = await waitForMail(
      customer.email,
      new RegExp(`New status of order ${farm.orderNumber.replace(/\//g, '\\/')}: sampling kit sent`),
      60_000,
    );
    expect(mail.subject).toBe(`New status of order ${farm.orderNumber}: sampling kit sent`);
  });

  it('switching to garden mode shows the garden tests instead of the farm orders, and it is kept', async () => {
    await page.goto(`${admin()}/orders?search=${encodeURIComponent(customer.lastName)}`);
    await expect.poll(shownOrders, { timeout: T }).toEqual([farm.orderNumber]);
    const gardenCall = page.waitForRequest((r) => r.url().includes('/garden-api/orders'), { timeout: T });
    await page.getByRole('group', { name: /mode/i }).getByRole('button', { name: 'Garden' }).click();
    await gardenCall;
    await expect.poll(shownOrders, { timeout: T }).toEqual([garden.orderNumber]);
    expect(await page.evaluate(() => localStorage.getItem('mode'))).toBe('garden');
    await shot(page, 'orders-garden-mode');
    await page.reload();
    await expect.poll(shownOrders, { timeout: T }).toEqual([garden.orderNumber]);
    expect(await page.getByRole('button', { name: 'Garden' }).getAttribute('aria-pressed')).toBe('true');
    // The garden statuses are offered in the filter now.
    expect(
      await page.getByLabel('Status', { exact: true }).locator('option[value="WAITING_FOR_RESULTS"]').count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Farmer' }).click();
    await expect.poll(shownOrders, { timeout: T }).toEqual([farm.orderNumber]);
    await page.getByRole('button', { name: 'Garden' }).click();
    await expect.poll(shownOrders, { timeout: T }).toEqual([garden.orderNumber]);
  });

  it('generates a barcode label batch and downloads its A4 sheet (a PDF that opens, one page per 24 labels)', async () => {
    await link('Barcode labels').click();
    await page.getByRole('heading', { name: 'Barcode labels' }).waitFor({ timeout: T });
    await page.getByLabel('Number of labels').fill('30');
    await page.getByLabel('Sold in shops (unpaid)').uncheck();
    await button('Generate').click();
    await toast('30 codes generated.');
    const newest = (await adminApi(token, 'garden', '/barcode-labels/batches?page=1&perPage=20')).body
      .items[0];
    expect(newest).toMatchObject({ labelCount: 30, retail: false, paid: true, printedAt: null });
    await shot(page, 'labels-batch-generated');
    const firstRow = page.locator('table.gl-table tbody tr').first();
    const sheet = await download(() => firstRow.getByRole('button', { name: 'Download' }).click());
    expect(sheet.download.suggestedFilename()).toBe(`gleba-labels-${newest.id}.pdf`);
    const pdf = await inspectPdf(sheet.bytes);
    expect(pdf.header).toBe('%PDF-');
    expect(pdf.pages).toBe(2);
    expect(pdf.plainPageObjects).toBe(2);
    // Print fetches the same sheet and opens it in a new window, Chromium's PDF viewer, which is
    // asked to print (the init script stands in for the print dialog, which headless Chromium lacks).
    const [printedPdf, printed] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/barcode-labels/batches/${newest.id}/pdf`), {
        timeout: T,
      }),
      context.waitForEvent('page', { timeout: T }),
      firstRow.getByRole('button', { name: 'Print' }).click(),
    ]);
    expect(printedPdf.status()).toBe(200);
    expect(printedPdf.headers()['content-type']).toBe('application/pdf');
    expect(printed.url()).toMatch(/^blob:http/);
    await expect
      .poll(() => printed.evaluate(() => (window as unknown as { printCalls?: number }).printCalls ?? 0), {
        timeout: T,
      })
      .toBe(1);
    await printed.waitForTimeout(1500);
    await shot(printed, 'labels-sheet-print-window');
    await printed.close();
    // Printing marks the batch printed.
    await expect
      .poll(
        async () =>
          (await adminApi(token, 'garden', '/barcode-labels/batches?page=1&perPage=20')).body.items[0]
            .printedAt,
        { timeout: T },
      )
      .not.toBeNull();
    await shot(page, 'labels-sheet-downloaded');
  });

  it("downloads the parcel's DPD label (waybill) and follows its tracking history from the DPD simulator", async () => {
    const parcel = await bookPickupShipment(customer, garden.id);
    expect(parcel.waybill).toBeTruthy();
    const hour = 3600_000;
    await pushTracking(parcel.waybill, [
      {
        businessCode: '040102',
        description: 'Przesyłka nadana w punkcie Pickup',
        eventTime: new Date(Date.now() - 5 * hour).toISOString(),
        depot: '20-001',
      },
      {
        businessCode: '170301',
        description: 'Przyjęcie przesyłki w oddziale DPD',
        eventTime: new Date(Date.now() - 3 * hour).toISOString(),
        depot: '13',
      },
      {
        businessCode: '190102',
        description: 'Przesyłka doręczona',
        eventTime: new Date(Date.now() - 1 * hour).toISOString(),
        depot: '00-950',
      },
    ]);

    // From the garden test's detail: its shipments, each linking to the tracking page.
    await link('Orders').click();
    await search(garden.orderNumber);
    await expect.poll(shownOrders, { timeout: T }).toEqual([garden.orderNumber]);
    await link(garden.orderNumber).click();
    const waybillLink = page.getByRole('link', { name: parcel.waybill });
    await waybillLink.waitFor({ timeout: T });
    await shot(page, 'garden-test-with-shipment');

    // The shipments list: the waybill's label PDF.
    await link('Shipments').click();
    await search(parcel.waybill);
    const row = page.locator('table.gl-table tbody tr', { hasText: parcel.waybill });
    await row.waitFor({ timeout: T });
    const label = await download(() => row.getByRole('button', { name: 'Download' }).click());
    const labelPdf = await inspectPdf(label.bytes);
    expect(labelPdf.header).toBe('%PDF-');
    expect(labelPdf.pages).toBeGreaterThanOrEqual(1);
    expect(label.download.suggestedFilename()).toMatch(/\.pdf$/);
    await shot(page, 'shipments-label-downloaded');
    // In bulk (one PDF merged by the service) and the day's handover protocol (the day in the
    // service's time zone, Europe/Warsaw).
    await row.getByRole('checkbox', { name: `Select shipment ${garden.orderNumber}` }).check();
    const bulk = await inspectPdf((await download(() => button('Labels of selected (1)').click())).bytes);
    expect(bulk).toMatchObject({ header: '%PDF-', pages: labelPdf.pages });
    const warsawDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
    await page.getByLabel('Handover day').fill(warsawDay);
    const protocol = await download(() => button('Handover protocol').click());
    expect(protocol.download.suggestedFilename()).toBe(`protocol-${warsawDay}.pdf`);
    expect((await inspectPdf(protocol.bytes)).pages).toBeGreaterThanOrEqual(1);
    await shot(page, 'shipments-bulk-labels-and-protocol');

    // Tracking: nothing polled yet (every 15 minutes); "Track now" asks DPD.
    await link(parcel.waybill).click();
    await page.getByRole('heading', { name: new RegExp(parcel.waybill) }).waitFor({ timeout: T });
    await button('Track now').click();
    // What the check found, then DPD's events named in the panel's language (the simulator's own
    // journey adds its registration beside the pushed events).
    await toast(/^New DPD events: \d+\. Status: Delivered\.$/);
    const history = page.locator('table.gl-table tbody tr');
    await expect
      .poll(async () => (await history.allTextContents()).length, { timeout: T })
      .toBeGreaterThanOrEqual(3);
    expect(await history.allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Dropped off at a DPD Pickup point'),
        expect.stringContaining('In transit (sorting centre)'),
        expect.stringContaining('Delivered to the laboratory'),
      ]),
    );
    // The status, then DPD's latest event beside it.
    await page.locator('dd', { hasText: /^Delivered( ·|$)/ }).waitFor({ timeout: T });
    await shot(page, 'shipment-tracking-history');
    expect((await adminApi(token, 'garden', `/shipments/${parcel.id}`)).body.status).toBe('DELIVERED');
  });

  it('imports a results workbook through the wizard; the customer then sees the results', async () => {
    const template = await adminFile(token, 'garden', '/imports/template');
    expect(template.subarray(0, 2).toString()).toBe('PK');
    const workbook = await fillResultsTemplate(template, [
      {
        label: garden.barcode,
        testType: 'BASIC_TEST',
        values: { PH_KCL: 5.2, P2O5: 14.2, K2O: 12.1, MG: 4.3, CATEGORY: 'średnia' },
      },
    ]);

    await link('Result import').click();
    await page
      .getByRole('heading', { name: /import/i })
      .first()
      .waitFor({ timeout: T });
    const templateDownload = await download(() => button('Download template').click());
    expect(templateDownload.bytes.subarray(0, 2).toString()).toBe('PK');
    await page.getByLabel('Test type').selectOption('BASIC_TEST');
    await page.getByLabel('choose a file').setInputFiles({
      name: 'wyniki-ogrod.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook,
    });
    await page.getByText(/^Chosen file: wyniki-ogrod\.xlsx/).waitFor({ timeout: T });
    await shot(page, 'import-file-chosen');
    await button('Upload').click();
    // Checked first (step "check only"), then saved from the summary.
    await button('Save results').waitFor({ timeout: 90_000 });
    await page.getByText('Checked', { exact: true }).first().waitFor({ timeout: T });
    await shot(page, 'import-checked');
    await button('Save results').click();
    await page.locator('.summary .status--APPLIED').waitFor({ timeout: 90_000 });
    await shot(page, 'import-applied');
    const imports = await adminApi(token, 'garden', '/imports?page=1&perPage=5');
    expect(imports.body.items[0]).toMatchObject({
      fileName: 'wyniki-ogrod.xlsx',
      status: 'APPLIED',
      summary: { rowsRead: 1, valid: 1, applied: 1, rejected: 0, ordersTouched: 1 },
    });

    // The customer: results through the API, the test's status, then the customer app's page.
    const results = await eventually(
      "the customer's results",
      () => api(`/api/results/tests/${garden.id}`, { token: customer.accessToken, lang: 'en' }),
      (r) => r.status === 200,
    );
    const basic =
      results.body.results?.find?.((r: { testType: string }) => r.testType === 'BASIC_TEST') ?? results.body;
    expect(JSON.stringify(basic)).toContain('5.2');
    await eventually(
      'the garden test has complete results',
      () => api(`/api/soil-tests/${garden.id}`, { token: customer.accessToken }),
      (r) => r.body?.status === 'COMPLETE_RESULTS',
    );
    await eventually(
      "the customer's in-app notification of the results",
      () =>
        api('/api/notifications/in-app?page=1&perPage=50&orderBy=createdAt:desc&filter=all', {
          token: customer.accessToken,
          lang: 'en',
        }),
      // A garden test is named by its kit code in notifications.
      (r) =>
        r.status === 200 &&
        r.body.items.some(
          (n: { type: string; text: string }) =>
            n.type === 'ALL_RESULTS' && n.text === `All results of test ${garden.barcode} are ready.`,
        ),
    );

    const customerContext = await newContext(browser, { locale: 'en-GB' });
    await customerContext.addInitScript((t) => {
      localStorage.setItem('token', t.accessToken);
      localStorage.setItem('refresh_token', t.refreshToken);
      localStorage.setItem('lang', 'en');
      localStorage.setItem('splash_screen_on', 'true');
    }, customer);
    const app = await customerContext.newPage();
    const appProblems = watchPage(app);
    await app.goto(`${system().gateway}/soil-tests/${garden.id}/results`);
    const ph = app.locator('tr[data-element="PH_KCL"]');
    await ph.waitFor({ timeout: T });
    expect(await ph.textContent()).toMatch(/5[.,]2/);
    await shot(app, 'customer-results-page');
    expect(
      appProblems.filter((x) => x.startsWith('pageerror') || x.startsWith('5')),
      appProblems.join('\n'),
    ).toEqual([]);
    await customerContext.close();
    expect(
      problems.filter((x) => x.startsWith('pageerror') || x.startsWith('5')),
      problems.join('\n'),
    ).toEqual([]);
  });
});
