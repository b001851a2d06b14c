// The farmer's whole journey in Chromium (desktop, Polish) against the suite's system: register,
// activate by the e-mail link, complete the profile, draw a field on /map, divide its crop into
// sectors, order and pay through the wizard and the Przelewy24 simulator's page, the admin sends
// the kit, the farmer books a DPD courier, the parcel is tracked to the lab, the admin imports the
// lab's workbook, the farmer is told (in-app badge, e-mail, SMS log), reads the results with their
// recommendations and downloads the PDF. One `it` per step, sharing state; a screenshot at each
// step in test-artifacts/journey-farmer/. Steps without a screen in the customer app go through
// the API and say so in their title ("API:").
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TCrop } from '@gleba/contracts';
import { api, uniqueEmail } from '../src/api';
import { ARTIFACTS, hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import {
  adminApi,
  basicResultsWorkbook,
  dpdWayToLab,
  importResults,
  literal,
  pl,
  plPattern,
  pushDpdEvents,
  stayLocal,
  until,
} from '../src/journey';
import { linkIn, waitForMail } from '../src/mail';
import { system } from '../src/system';

const PASSWORD = 'Rolnik2026!';
const COMPLAINT = 'pH 5,1 na sektorze wapnowanym jesienią? Proszę sprawdzić tę próbkę.';
const ANSWER = 'Powtórzymy badanie tej próbki; nowe wyniki zobaczy Pan w aplikacji.';
/** A 1x1 PNG: the complaint's photo. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);
const PHONE = '600 700 800';

describe.runIf(hasChromium())("the farmer's journey, desktop, Polish", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  // This run's screenshots only.
  rmSync(path.join(ARTIFACTS, 'journey-farmer'), { recursive: true, force: true });
  const shot = screenshots('journey-farmer');
  const email = uniqueEmail('rolnik');
  /** Shared by the steps. */
  const s = {
    accessToken: '',
    orderId: '',
    orderNumber: '',
    sampleCodes: [] as string[],
    shipmentId: '',
    waybill: '',
    cropName: '',
    sampleId: '',
    sampleCode: '',
  };
  const app = (path: string) => `${system().public}${path}`;
  const token = async () => (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const button = (name: string | RegExp) =>
    page.getByRole('button', { name, exact: typeof name === 'string' });
  const toast = (text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: 20_000 });
  /** Problems seen before the complaint's steps (they check their own). */
  let problemsBefore = 0;
  const order = async () => (await api(`/api/orders/${s.orderId}`, { token: s.accessToken })).body.order;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, { locale: 'pl-PL' });
    await stayLocal(context);
    await context.grantPermissions(['geolocation']);
    // A field near Siedlce.
    await context.setGeolocation({ latitude: 52.1676, longitude: 22.2902 });
    page = await context.newPage();
    problems = watchPage(page);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) {
      await shot(page, `failed-${ctx.task.name}`).catch(() => undefined);
      console.error(`[journey-farmer] page problems:\n${problems.join('\n')}`);
    }
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('registers in the customer app', async () => {
    await page.goto(app('/register'));
    await page.evaluate(() => localStorage.setItem('splash_screen_on', 'true'));
    await page.goto(app('/register'));
    await button(pl('ui.cookieAccept')).click();
    await page.getByLabel(pl('customer.firstName'), { exact: true }).fill('Stanisław');
    await page.getByLabel(pl('customer.lastName'), { exact: true }).fill('Żółkiewski');
    await page.getByLabel(pl('customer.email'), { exact: true }).fill(email);
    await page.getByLabel(pl('customer.phoneNumber'), { exact: true }).fill(PHONE);
    await page.getByLabel(pl('customer.gender'), { exact: true }).selectOption('MAN');
    await page.getByLabel(pl('customer.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(pl('customer.confirmPassword'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(pl('customer.registerTerms')).check();
    await shot(page, 'register-form');
    await button(pl('customer.registerSubmit')).click();
    await page.getByText(pl('customer.registerSuccessTitle')).waitFor({ timeout: 30_000 });
    await shot(page, 'registered');
  });

  it('activates the account by the link in the captured e-mail', async () => {
    const mail = await waitForMail(email, /aktyw/i, 60_000);
    const link = linkIn(mail, /\/activate\//);
    expect(new URL(link).origin).toBe(system().public);
    await page.goto(link);
    await page.getByText(pl('customer.greeting', { name: 'Stanisław' })).waitFor({ timeout: 30_000 });
    s.accessToken = await token();
    const me = await api('/api/users/me', { token: s.accessToken });
    expect(me.body).toMatchObject({ email, language: 'pl', isDataComplete: false });
    await shot(page, 'activated-dashboard');
  });

  it('completes the profile data on my account', async () => {
    await page.goto(app('/my-account'));
    const form = page.locator('form.profile-form');
    await form.waitFor();
    await form.getByLabel(pl('customer.voivodeship'), { exact: true }).selectOption('MASOVIAN');
    await form.getByLabel(pl('customer.cityName'), { exact: true }).fill('Siedlce');
    await form.getByLabel(pl('customer.postCode'), { exact: true }).fill('08-110');
    await form.getByLabel(pl('customer.streetName'), { exact: true }).fill('Polna');
    await form.getByLabel(pl('customer.buildingNumber'), { exact: true }).fill('12');
    await form.getByRole('button', { name: pl('customer.saveData') }).click();
    await toast(pl('customer.profileSaved'));
    await until(
      'profile complete',
      async () => (await api('/api/users/me', { token: s.accessToken })).body,
      (me) => me.isDataComplete === true,
      30_000,
    );
    await shot(page, 'profile-complete');
  });

  it('draws a field on /map by clicking, adds a crop and auto-divides it into sectors', async () => {
    await page.goto(app('/map'));
    const canvas = page.locator('.farm-map__canvas canvas');
    await canvas.waitFor({ timeout: 60_000 });
    // "My location" flies to zoom 15 (about 2 m a pixel here) once the map has loaded its style;
    // a click before that does nothing, so ask again until the scale bar shows metres.
    const scale = page.locator('.maplibregl-ctrl-scale');
    await until(
      "map at the farmer's location",
      async () => {
        if (/\bkm$/.test(((await scale.textContent()) ?? '').trim())) {
          await button(pl('farmMap.myLocation')).click();
          await page.waitForTimeout(3000);
        }
        return ((await scale.textContent()) ?? '').trim();
      },
      (text) => /^\d+\s*m$/.test(text),
      60_000,
      0,
    );
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const click = async (dx: number, dy: number) => {
      await page.mouse.move(cx + dx, cy + dy, { steps: 4 });
      await page.mouse.click(cx + dx, cy + dy);
      await page.waitForTimeout(150);
    };
    await button(pl('farmMap.drawPlot')).click();
    const corners: [number, number][] = [
      [-120, -100],
      [120, -100],
      [120, 100],
      [-120, 100],
    ];
    for (const [dx, dy] of corners) await click(dx, dy);
    await click(corners[0]![0], corners[0]![1]);
    await page.getByText(plPattern('farmMap.previewArea')).waitFor();
    await page.getByLabel(pl('farmMap.plotName')).fill('Pole za stodołą');
    await shot(page, 'field-drawn');
    await button(pl('farmMap.savePlot')).click();
    await toast(plPattern('farmMap.plotSaved'));

    await button(/^Pole za stodołą · /).click();
    await page.waitForTimeout(1200);
    await button(pl('farmMap.addCrop')).click();
    const plant = page.getByLabel(pl('farmMap.plant'));
    await expect.poll(() => plant.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await plant.selectOption({ index: 1 });
    await button(pl('farmMap.saveCrop')).click();
    await toast(pl('farmMap.cropAdded'));
    await page.waitForTimeout(1200);
    await button(pl('farmMap.autoDivide')).click();
    await toast(plPattern('farmMap.divided'));
    const crops = (await api<TCrop[]>('/api/crops', { token: s.accessToken })).body;
    expect(crops).toHaveLength(1);
    s.cropName = crops[0]!.name;
    expect(crops[0]!.divided).toBe(true);
    expect(crops[0]!.sectors.length).toBeGreaterThan(1);
    await shot(page, 'crop-sectors');
  });

  it("orders the test in the wizard and pays on the Przelewy24 simulator's page", async () => {
    await page.goto(app('/orders/new'));
    // "<name> (<plant>) · <area> ha", or "<name> · <area> ha" when the crop is named after its plant.
    await page.getByRole('checkbox', { name: new RegExp(`^${literal(s.cropName)} (\\(|·)`) }).check();
    await shot(page, 'order-crops');
    const next = () => button(pl('farmOrder.next')).click();
    await next(); // the test: basic (STANDARD)
    await page.getByText(pl('farmOrder.typeSTANDARD')).first().waitFor();
    await next(); // equipment: none
    await page.getByText(pl('farmOrder.equipmentHint')).waitFor();
    await next(); // the data
    await page.getByLabel(pl('farmOrder.confirmData')).check();
    await next(); // the delivery address: the profile's
    await page
      .getByText(/Polna 12/)
      .first()
      .waitFor();
    await next();
    await page.getByTestId('order-total').waitFor({ timeout: 30_000 });
    await shot(page, 'order-summary');
    await button(pl('farmOrder.orderAndPay')).click();

    await page.waitForURL((url) => url.href.startsWith(system().simulators.przelewy24!), { timeout: 30_000 });
    await shot(page, 'przelewy24-page');
    await button('Zapłać').click();

    await page.waitForURL((url) => url.origin === system().public, { timeout: 30_000 });
    await page.getByText(pl('farmOrder.paid')).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/orders\/[0-9a-f-]{36}\/payment$/);
    s.orderId = new URL(page.url()).pathname.split('/')[2]!;
    const placed = await order();
    expect(placed).toMatchObject({ status: 'PAYMENT_CONFIRMED', paymentStatus: 'PAID' });
    s.orderNumber = placed.orderNumber;
    s.sampleCodes = (placed.samples as { code: string }[]).map((x) => x.code);
    expect(s.sampleCodes.length).toBeGreaterThan(1);
    await shot(page, 'paid');
  });

  it('API: the admin sends the kit (order moved to KIT_SENT)', async () => {
    const moved = await adminApi(`/farm-api/orders/${s.orderId}/status`, { body: { status: 'KIT_SENT' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await order()).status).toBe('KIT_SENT');
    await page.goto(app('/soil-tests'));
    await page.getByRole('cell', { name: s.orderNumber }).waitFor({ timeout: 30_000 });
    await page.getByRole('cell', { name: pl('customerTests.status_KIT_SENT') }).waitFor();
    await shot(page, 'kit-sent');
  });

  it('API: the farmer reports collecting the samples (no screen for it)', async () => {
    for (const status of [
      'SAMPLES_COLLECTING_PENDING',
      'SAMPLES_COLLECTING',
      'SAMPLES_COLLECTION_COMPLETED',
    ]) {
      const res = await api(`/api/orders/${s.orderId}/status`, { token: s.accessToken, body: { status } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await until(
      'shippable order',
      async () => (await api('/api/shipments/shippable', { token: s.accessToken })).body,
      (b) => (b.items ?? b).some((x: { orderId?: string }) => x.orderId === s.orderId),
      60_000,
    );
  });

  it('books a DPD courier in the send-samples wizard', async () => {
    await page.goto(app('/soil-tests'));
    await page
      .getByRole('link', { name: pl('customerTests.sendSamples') })
      .first()
      .click();
    await page.waitForURL(`**/soil-tests/${s.orderId}/send`);
    await page
      .getByRole('radio', { name: new RegExp(`^${literal(pl('customerTests.size_S', { kg: 5 }))}`) })
      .check();
    await button(pl('customerTests.continue')).click();
    await page.getByRole('radio', { name: pl('customerTests.withLabel') }).check();
    await button(pl('customerTests.continue')).click();
    await page.getByRole('radio', { name: pl('customerTests.methodCourier') }).check();
    await button(pl('customerTests.checkAvailability')).click();
    const windows = page.getByRole('radiogroup', { name: pl('customerTests.timeWindow') });
    await windows.waitFor({ timeout: 30_000 });
    await windows.getByRole('radio').first().check();
    await shot(page, 'courier-window');
    await button(pl('customerTests.continue')).click();
    await page.getByText(pl('customerTests.summaryReceiver')).waitFor({ timeout: 30_000 });
    await shot(page, 'shipment-summary');
    await button(pl('customerTests.confirmSend')).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: pl('ui.yes') })
      .click();
    await page.getByText(pl('customerTests.shipmentCreated')).waitFor({ timeout: 30_000 });
    const shipments = (await api('/api/shipments', { token: s.accessToken })).body;
    const shipment = (shipments.items ?? shipments).find(
      (x: { orderId?: string }) => x.orderId === s.orderId,
    );
    expect(shipment).toMatchObject({ shipmentType: 'COURIER' });
    s.shipmentId = shipment.id;
    s.waybill = shipment.waybill;
    expect(s.waybill).toMatch(/^\d{13}[0-9A-Z]$/);
    await page.getByText(pl('customerTests.waybill', { waybill: s.waybill })).waitFor();
    await shot(page, 'courier-booked');
    await waitForMail(email, new RegExp(s.waybill), 60_000);
  });

  it('tracks the parcel to the lab (DPD simulator events, admin "track now")', async () => {
    await pushDpdEvents(s.waybill, dpdWayToLab());
    const tracked = await adminApi(`/farm-api/shipments/${s.shipmentId}/track`, { method: 'POST' });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    await until('order in analysis', order, (o) => o.status === 'SAMPLES_IN_ANALYSIS', 60_000);
    const shipment = (await api(`/api/shipments/${s.shipmentId}`, { token: s.accessToken })).body;
    expect(shipment.status).toBe('DELIVERED');
    await page.goto(app('/soil-tests'));
    await page
      .getByRole('cell', { name: pl('customerTests.status_SAMPLES_IN_ANALYSIS') })
      .waitFor({ timeout: 30_000 });
    await shot(page, 'parcel-at-lab');
  });

  it("API: the admin imports the lab's results workbook (built from the template)", async () => {
    const file = await basicResultsWorkbook(
      s.sampleCodes.map((code, i) => ({
        code,
        ph: 5.1 + i * 0.3,
        p2o5: 8.5 + i,
        k2o: 11 + i,
        mg: 4.2 + i * 0.5,
        category: 'średnia',
      })),
    );
    const importId = await importResults(file);
    const done = await until(
      'import applied',
      async () => (await adminApi(`/farm-api/imports/${importId}`)).body,
      (b) => ['APPLIED', 'FAILED', 'REJECTED'].includes(b.status),
      120_000,
      1000,
    );
    expect(done.status, JSON.stringify(done)).toBe('APPLIED');
    expect(done.summary).toMatchObject({ applied: s.sampleCodes.length, rejected: 0 });
    await until('order completed', order, (o) => o.status === 'ORDER_COMPLETED', 60_000);
  });

  it('tells the farmer: in-app badge, e-mail in the capture inbox, SMS in the SMS log', async () => {
    const count = await until(
      'unseen notifications',
      async () =>
        (await api('/api/notifications/in-app/unseen/count', { token: s.accessToken })).body.unseenCount,
      (n) => n > 0,
      60_000,
    );
    await page.goto(app('/'));
    const nav = page.getByRole('navigation', { name: pl('customer.mainNavigation') });
    await nav
      .getByRole('link', { name: `${pl('customer.navNotifications')} (${count})` })
      .waitFor({ timeout: 30_000 });
    await shot(page, 'badge');

    const mail = await waitForMail(
      email,
      new RegExp(literal(pl('notifications.allResultsSubject', { ref: s.orderNumber }))),
      60_000,
    );
    // The link goes to the order itself, in the account's language.
    const orderLink = linkIn(mail, /\/orders\?order=/);
    expect(orderLink).toBe(`${system().public}/orders?order=${s.orderId}&lang=pl`);

    const sms = await until(
      'SMS in the log',
      async () =>
        (await adminApi('/farm-api/deliveries/sms-log?perPage=100')).body.items as {
          to: string;
          body: string;
        }[],
      (items) =>
        items.some(
          (m) =>
            m.to === '+48600700800' &&
            m.body.includes(pl('notifications.allResultsSms', { ref: s.orderNumber })),
        ),
      60_000,
    );
    expect(sms.length).toBeGreaterThan(0);

    await nav.getByRole('link', { name: new RegExp(`^${pl('customer.navNotifications')}`) }).click();
    await page
      .getByText(pl('notifications.allResultsInApp', { ref: s.orderNumber }))
      .first()
      .waitFor({ timeout: 30_000 });
    await shot(page, 'notifications');
  });

  it("reads the results and recommendations from the notification's link and downloads the PDF", async () => {
    await page.goto(app(`/soil-tests/${s.orderId}/results`));
    // The order has a sample per sector: the page lists them; the first one's results open.
    await page
      .getByRole('link', { name: pl('customerTests.showResults') })
      .first()
      .click();
    await page
      .getByRole('heading', { name: pl('customerTests.recommendations') })
      .waitFor({ timeout: 30_000 });
    await page.locator('tr[data-element="PH_KCL"]').waitFor();
    await expect.poll(() => page.locator('tr[data-element="P2O5"]').count()).toBe(1);
    await shot(page, 'results');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      button(pl('customerTests.downloadPdf')).click(),
    ]);
    const file = await download.path();
    const bytes = readFileSync(file!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await shot(page, 'pdf-downloaded');
    expect(
      problems.filter((p) => p.startsWith('pageerror') || /^5\d\d /.test(p)),
      problems.join('\n'),
    ).toEqual([]);
    problemsBefore = problems.length;
  });

  it('complains about the sample within the 14 days: reason, description and a photo', async () => {
    // The results page open is one sample's (one sector's) of the order.
    s.sampleId = new URL(page.url()).pathname.split('/')[2]!;
    s.sampleCode = ((await order()).samples as { id: string; code: string }[]).find(
      (x) => x.id === s.sampleId,
    )!.code;
    await page.getByText(plPattern('customerTests.complaintUntil')).waitFor({ timeout: 30_000 });
    await button(pl('customerTests.fileComplaint')).click();
    await page.getByLabel(pl('customerTests.complaintReason')).selectOption('RESULTS_IMPLAUSIBLE');
    await page.getByLabel(pl('customerTests.complaintText')).fill(COMPLAINT);
    await page.getByLabel(pl('customerTests.complaintPhoto')).setInputFiles({
      name: 'sektor.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await shot(page, 'complaint-form');
    await button(pl('customerTests.sendComplaint')).click();
    await toast(pl('customerTests.complaintFiled'));
    const item = page.getByTestId('complaint');
    await item.waitFor({ timeout: 30_000 });
    expect(await item.innerText()).toContain(pl('customerTests.complaintStatus_OPEN'));
    expect(await item.innerText()).toContain(COMPLAINT);
    await shot(page, 'complaint-filed');
  });

  it('API: the admin answers with a re-test; the lab imports the sample again; the order is updated', async () => {
    const list = await adminApi('/farm-api/complaints?status=OPEN&perPage=100');
    expect(list.status).toBe(200);
    const complaint = (list.body.items as { id: string; testId: string }[]).find(
      (c) => c.testId === s.sampleId,
    );
    expect(complaint).toMatchObject({
      kind: 'FARM',
      orderNumber: s.orderNumber,
      barcode: s.sampleCode,
      hasPhoto: true,
    });
    const answered = await adminApi(`/farm-api/complaints/${complaint!.id}/answer`, {
      method: 'POST',
      body: { answer: ANSWER, retest: true },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const importId = await importResults(
      await basicResultsWorkbook([
        { code: s.sampleCode, ph: 6.2, p2o5: 10.5, k2o: 12, mg: 4.8, category: 'średnia' },
      ]),
    );
    const done = await until(
      're-test applied',
      async () => (await adminApi(`/farm-api/imports/${importId}`)).body,
      (b) => ['APPLIED', 'FAILED', 'REJECTED'].includes(b.status),
      120_000,
      1000,
    );
    expect(done.status, JSON.stringify(done)).toBe('APPLIED');
    await until('order results updated', order, (o) => o.status === 'RESULTS_UPDATED', 60_000);
  });

  it("is told the answer, and reads the re-tested sample's complaint on its results page", async () => {
    const told = pl('notifications.complaintSampleRetestInApp', {
      sample: s.sampleCode,
      ref: s.orderNumber,
      answer: ANSWER,
    });
    await until(
      'complaint answer in the app',
      async () =>
        (
          await api('/api/notifications/in-app?page=1&perPage=50&orderBy=createdAt:desc&filter=all', {
            token: s.accessToken,
            lang: 'pl',
          })
        ).body.items as {
          text: string;
        }[],
      (items) => items.some((n) => n.text === told),
      60_000,
    );
    await waitForMail(
      email,
      new RegExp(
        literal(
          pl('notifications.complaintSampleRetestSubject', { sample: s.sampleCode, ref: s.orderNumber }),
        ),
      ),
      60_000,
    );
    await page.goto(app('/notifications'));
    await page.getByText(told).first().waitFor({ timeout: 30_000 });
    await shot(page, 'complaint-answer-notification');
    await page.goto(app(`/soil-tests/${s.sampleId}/results`));
    const item = page.getByTestId('complaint');
    await item.waitFor({ timeout: 30_000 });
    await expect.poll(() => item.innerText()).toContain(pl('customerTests.complaintStatus_RETESTED'));
    expect(await item.innerText()).toContain(ANSWER);
    // The re-test's results opened a fresh 14 days.
    await page.getByText(plPattern('customerTests.complaintUntil')).waitFor({ timeout: 30_000 });
    await shot(page, 'complaint-retested');
    expect(
      problems.slice(problemsBefore).filter((p) => p.startsWith('pageerror') || /^5\d\d /.test(p)),
      problems.join('\n'),
    ).toEqual([]);
  });
});
