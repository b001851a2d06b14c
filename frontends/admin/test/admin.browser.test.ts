/**
 * The built panel (dist/, served at /admin with history fallback) in Debian's Chromium through
 * playwright-core, never a downloaded browser. The APIs are mocked with `page.route`.
 * Run with `npm run test:browser` (builds first).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN as SIGNED_IN_ADMIN } from '../src/testing/fixtures';
import { serveAdmin } from './static-server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** The component tests' admin, answering `language: 'en'` as this test always did. */
const ADMIN = { ...SIGNED_IN_ADMIN, language: 'en' };
const ORDER_ID = '7d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const ROW = {
  id: ORDER_ID,
  kind: 'FARM',
  orderNumber: 'ZF/2026/000001',
  status: 'KIT_SENT',
  type: 'STANDARD',
  paymentMethod: 'ONLINE_BANK_TRANSFER',
  paymentStatus: 'PAID',
  totalPrice: 3000,
  numberOfSamples: 1,
  customer: { firstName: 'Jan', lastName: 'Kowalski', email: 'jan@example.pl' },
  orderDate: '2026-11-20T10:00:00.000Z',
};
const DETAIL = {
  ...ROW,
  userId: '1b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a01',
  paymentDueDate: null,
  paidAt: '2026-11-20T11:00:00.000Z',
  totalAreaHa: 2.5,
  basicTests: ['BASIC_TEST'],
  additionalTests: [],
  equipment: [],
  sampler: false,
  samplerStatus: 'NO_ORDER',
  basicTestsPrice: 3000,
  additionalTestsPrice: 0,
  equipmentPrice: 0,
  basicTestsDiscount: 0,
  deliveryAddress: { cityName: 'Lublin', postCode: '20-001', streetName: 'Polna', buildingNumber: '1' },
  samplesSentDate: null,
  samples: [],
  statusHistory: [
    {
      status: 'KIT_SENT',
      from: 'PAYMENT_CONFIRMED',
      updatedByUserId: null,
      changeDate: '2026-11-21T10:00:00.000Z',
    },
  ],
  client: {
    firstName: 'Jan',
    lastName: 'Kowalski',
    email: 'jan@example.pl',
    phoneNumber: null,
    address: null,
  },
  company: null,
  farm: { totalAreaHa: 2.5, crops: [] },
  report: { sampleCodes: [], additionalTests: [], completed: false },
  failedPayments: [],
};
const IMPORT_ID = '5d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const IMPORT = {
  id: IMPORT_ID,
  mode: 'farm',
  testType: 'BASIC_TEST',
  fileName: 'wyniki.xlsx',
  fileSize: 10,
  status: 'APPLIED',
  errorCode: null,
  errorMessage: null,
  progress: { phase: 'apply', rowsRead: 2, total: 2, percent: 100 },
  summary: { rowsRead: 2, valid: 2, applied: 2, rejected: 0, ordersTouched: 1 },
  createdAt: '2026-11-22T01:00:00.000Z',
  checkedAt: '2026-11-22T01:00:01.000Z',
  appliedAt: '2026-11-22T01:00:02.000Z',
  createdByUserId: ADMIN.id,
};
const BATCH_ID = '9d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const page1 = (items: unknown[]) => ({
  items,
  meta: { page: 1, perPage: 20, total: items.length, next: null, prev: null },
});
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: string | null;
  contentType: string | null;
}

/** Answers the panel's calls like the gateway would; every call is recorded. */
async function mockApis(context: BrowserContext, seen: Seen[], opts: { admin: boolean }) {
  await context.route(/\/(farm|garden)-api\//, async (route: Route) => {
    const req = route.request();
    const url = new URL(req.url());
    const p = url.pathname.replace(/^\/(farm|garden)-api/, '');
    seen.push({
      method: req.method(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: req.postData(),
      contentType: req.headers()['content-type'] ?? null,
    });
    const json = (status: number, body: unknown) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    const key = `${req.method()} ${p}`;
    if (key === 'POST /auth/admin/login') {
      return opts.admin
        ? json(200, { accessToken: 'access-1', refreshToken: 'refresh-1' })
        : json(403, {
            statusCode: 403,
            error: 'Forbidden',
            message: 'You lack administrator privileges.',
            code: 'notAdministrator',
          });
    }
    if (key === 'GET /users/me') return json(200, ADMIN);
    if (key === 'GET /notifications/in-app/unseen/count') return json(200, { unseenCount: 0 });
    if (key === 'GET /orders')
      return json(
        200,
        page1(
          url.searchParams.get('search') === 'kowalski'
            ? [ROW]
            : [
                ROW,
                {
                  ...ROW,
                  id: '8d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
                  orderNumber: 'ZF/2026/000002',
                  customer: { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.pl' },
                },
              ],
        ),
      );
    if (key === `GET /orders/${ORDER_ID}`) return json(200, DETAIL);
    if (key === `POST /orders/${ORDER_ID}/status`) return json(200, { ...DETAIL, status: 'SAMPLES_SENT' });
    if (key === 'GET /shipments') return json(200, page1([]));
    if (key === 'GET /imports') return json(200, page1([IMPORT]));
    if (key === 'POST /imports')
      return json(202, {
        ...IMPORT,
        status: 'UPLOADED',
        summary: { rowsRead: 0, valid: 0, applied: 0, rejected: 0, ordersTouched: 0 },
      });
    if (key === `GET /imports/${IMPORT_ID}`) return json(200, { ...IMPORT, errors: [], errorsTotal: 0 });
    if (key === 'GET /barcode-labels/batches')
      return json(
        200,
        page1([
          {
            id: BATCH_ID,
            retail: true,
            paid: false,
            labelCount: 24,
            kitOrderId: null,
            printedAt: null,
            paidAt: null,
            createdAt: '2026-11-21T09:00:00.000Z',
          },
        ]),
      );
    if (key === `GET /barcode-labels/batches/${BATCH_ID}/pdf`)
      return route.fulfill({
        status: 200,
        contentType: 'application/pdf',
        headers: { 'content-disposition': `attachment; filename="gleba-labels-${BATCH_ID}.pdf"` },
        body: PDF,
      });
    return json(404, { statusCode: 404, error: 'Not Found', message: 'no mock', code: 'routeNotFound' });
  });
}

describe.skipIf(!hasChromium || !existsSync(path.join(dist, 'index.html')))('admin panel in Chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveAdmin>>;

  beforeAll(async () => {
    server = await serveAdmin(dist);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(
    admin: boolean,
  ): Promise<{ page: Page; seen: Seen[]; errors: string[]; context: BrowserContext }> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const seen: Seen[] = [];
    await mockApis(context, seen, { admin });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('E-mail').fill('someone@gleba.local');
    await page.getByLabel('Password', { exact: true }).fill('Secret123!');
    await page.getByRole('button', { name: 'Log in' }).click();
    return { page, seen, errors, context };
  }

  it('refuses a non-admin with the server’s message', async () => {
    const { page, errors, context } = await open(false);
    await page.getByText('You lack administrator privileges.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches and filters orders, then changes an order’s status', async () => {
    const { page, seen, errors, context } = await open(true);
    await page.getByRole('link', { name: 'ZF/2026/000002' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('kowalski');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('KIT_SENT');
    // The search alone may already hide 000002: wait for the request that carries both, not for the link.
    await expect
      .poll(() => seen.filter((s) => s.path === '/farm-api/orders').at(-1)?.query, { timeout: 10_000 })
      .toMatchObject({ search: 'kowalski', status: 'KIT_SENT', tab: 'ALL' });
    await page.getByRole('link', { name: 'ZF/2026/000002' }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'ZF/2026/000001' }).click();
    await page.getByLabel('New status').selectOption('SAMPLES_SENT');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByText('Status changed to: samples sent.').waitFor();
    const change = seen.find((s) => s.method === 'POST' && s.path.endsWith('/status'))!;
    expect(JSON.parse(change.body!)).toEqual({ status: 'SAMPLES_SENT' });
    expect(page.url()).toBe(`${server.url}/admin/orders/${ORDER_ID}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads an .xlsx through the import wizard and shows the summary', async () => {
    const { page, seen, errors, context } = await open(true);
    await page.getByRole('link', { name: 'Result import' }).click();
    await page.getByLabel('choose a file').setInputFiles({
      name: 'wyniki.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('PK\u0003\u0004 test'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('button', { name: 'New import' }).waitFor();
    await page.getByText('Saved', { exact: true }).first().waitFor();
    const upload = seen.find((s) => s.method === 'POST' && s.path === '/farm-api/imports')!;
    expect(upload.query).toMatchObject({ testType: 'BASIC_TEST', step: 'check', fileName: 'wyniki.xlsx' });
    expect(upload.contentType).toMatch(/^multipart\/form-data/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads a barcode label sheet PDF', async () => {
    const { page, errors, context } = await open(true);
    await page.getByRole('link', { name: 'Barcode labels' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`gleba-labels-${BATCH_ID}.pdf`);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(errors).toEqual([]);
    await context.close();
  });
});
