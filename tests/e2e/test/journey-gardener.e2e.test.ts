// A gardener does the barcode flow on a 375 px wide screen
// in Ukrainian (browser locale uk-UA, so the app's language comes from GET /api/language): registers
// in the app, activates by the e-mailed link (capture inbox), signs in, accepts the cookie banner,
// adds a garden test by typing a fresh kit code (a batch made through the admin API), fills the
// sample's details, confirms shipment past the irreversible warning, sends the samples through the
// wizard (pickup point, with label) to a booked DPD parcel; the admin side moves it (DPD tracking
// events in the simulator, results imported through the lab-import admin API from the lab's
// template); the gardener sees the badge in the top bar, opens the notifications, marks one seen
// (the badge decreases), opens the results with recommendations and downloads the PDF.
// Screenshots: test-artifacts/journey-gardener/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  adminFile,
  adminToken,
  eventually,
  fillResultsTemplate,
  inspectPdf,
  newKitCodes,
  pushTracking,
} from '../src/admin';
import { api, uniqueEmail } from '../src/api';
import {
  ARTIFACTS,
  MOBILE,
  hasChromium,
  launchBrowser,
  newContext,
  screenshots,
  watchPage,
} from '../src/browser';
import { acceptCookies, app, downloadOf, skipSplash, text, textPattern } from '../src/customer';
import { stayLocal } from '../src/journey';
import { linkIn, waitForMail } from '../src/mail';
import { system } from '../src/system';

const T = 30_000;
const uk = (key: string, params?: Record<string, string | number>) => text('uk', key, params);

describe.runIf(hasChromium())('gardener journey at 375 px in Ukrainian', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let token: string;
  let barcode: string;
  let testId: string;
  let waybill: string;
  const email = uniqueEmail('ogorodnyk');
  const password = 'Sadivnyk2026!';
  rmSync(path.join(ARTIFACTS, 'journey-gardener'), { recursive: true, force: true });
  const shot = screenshots('journey-gardener');
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const see = (key: string, params?: Record<string, string | number>) =>
    page.getByText(uk(key, params), { exact: true }).first().waitFor({ timeout: T });
  const badge = () => page.locator('.topbar__bell .badge');

  beforeAll(async () => {
    token = await adminToken();
    [barcode] = (await newKitCodes(token, 1)) as [string];
    browser = await launchBrowser();
    context = await newContext(browser, { viewport: MOBILE, locale: 'uk-UA' });
    // The pickup point step draws a map: its tiles (the configured OSM style) never leave the machine.
    await stayLocal(context);
    await skipSplash(context);
    page = await context.newPage();
    problems = watchPage(page);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) {
      await shot(page, `failed-${ctx.task.name}`);
      console.error(problems.join('\n'));
    }
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('registers in Ukrainian, activates by the e-mailed link and signs in', async () => {
    await page.goto(app('/register'));
    // No language chosen: the app asks GET /api/language, which answers from Accept-Language (uk-UA).
    await page.getByRole('heading', { name: uk('customer.registerHeading') }).waitFor({ timeout: T });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uk');
    await page.getByLabel(uk('customer.firstName'), { exact: true }).fill('Оксана');
    await page.getByLabel(uk('customer.lastName'), { exact: true }).fill('Садівник');
    await page.getByLabel(uk('customer.email'), { exact: true }).fill(email);
    await page.getByLabel(uk('customer.phoneNumber'), { exact: true }).fill('+48600200311');
    await page.getByRole('combobox', { name: uk('customer.gender'), exact: true }).selectOption('WOMAN');
    await page.getByLabel(uk('customer.password'), { exact: true }).fill(password);
    await page.getByLabel(uk('customer.confirmPassword'), { exact: true }).fill(password);
    await page.getByRole('combobox', { name: uk('customer.language'), exact: true }).selectOption('uk');
    await page
      .getByLabel(new RegExp(uk('customer.registerTerms').replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .check();
    await shot(page, 'register-form');
    await button(uk('customer.registerSubmit')).click();
    await page
      .getByRole('status')
      .getByText(uk('customer.registerSuccessText', { email }), { exact: true })
      .waitFor({ timeout: T });
    await shot(page, 'register-check-your-mail');

    const mail = await waitForMail(email, /activ|aktyw|актив/i);
    const link = new URL(linkIn(mail, /\/activate\//));
    // The link names the system's public address; the same app on the suite's gateway.
    await page.goto(app(link.pathname + link.search));
    await page.waitForURL((url) => url.pathname === '/', { timeout: T });
    await page.getByRole('heading', { name: uk('customer.titleDashboard') }).waitFor({ timeout: T });
    await shot(page, 'activated-dashboard');

    // Sign out (the mobile menu) and in again through the login page.
    await page.getByRole('button', { name: uk('customer.menu'), exact: true }).click();
    await page
      .getByRole('navigation', { name: uk('customer.mainNavigation') })
      .getByRole('link', { name: uk('customer.navLogout') })
      .click();
    await page.getByRole('heading', { name: uk('customer.loginHeading') }).waitFor({ timeout: T });
    await shot(page, 'login');
    await page.getByLabel(uk('customer.email'), { exact: true }).fill(email);
    await page.getByLabel(uk('customer.password'), { exact: true }).fill(password);
    await button(uk('customer.loginSubmit')).click();
    await page.getByRole('heading', { name: uk('customer.titleDashboard') }).waitFor({ timeout: T });
    expect(new URL(page.url()).pathname).toBe('/');
    await shot(page, 'signed-in');
  });

  it('accepts the cookie banner', async () => {
    await acceptCookies(page, 'uk');
    await page.reload();
    await page.getByRole('heading', { name: uk('customer.titleDashboard') }).waitFor({ timeout: T });
    expect(await page.getByRole('region', { name: uk('ui.cookieBannerTitle') }).count()).toBe(0);
    await shot(page, 'cookies-accepted');
  });

  it('adds a garden test by typing the kit code, fills the sample and confirms shipment', async () => {
    await page.getByRole('button', { name: uk('customer.menu'), exact: true }).click();
    await page
      .getByRole('navigation', { name: uk('customer.mainNavigation') })
      .getByRole('link', { name: uk('customer.navMyTests') })
      .click();
    await page.getByRole('heading', { name: uk('customer.titleSoilTests') }).waitFor({ timeout: T });
    await page.getByRole('link', { name: uk('customerTests.addTest'), exact: true }).click();
    await see('customerTests.addIntro');
    await page.getByRole('heading', { name: uk('customer.titleAddTest') }).waitFor({ timeout: T });
    // A wrong code first: the clear localized error, nothing added.
    await page.getByLabel(uk('customerTests.barcode'), { exact: true }).fill('ABC');
    await button(uk('customerTests.continue')).click();
    await see('customerTests.testCodeIncorrect');
    await page.getByLabel(uk('customerTests.barcode'), { exact: true }).fill(barcode);
    await shot(page, 'add-test-code-typed');
    await button(uk('customerTests.continue')).click();

    const details = page.getByRole('form', { name: uk('customerTests.sampleDetails') });
    await details.waitFor({ timeout: T });
    await details.getByLabel(uk('customerTests.gardenName'), { exact: true }).fill('Город біля хати');
    const plant = details.getByLabel(uk('customerTests.plant'), { exact: true });
    await expect.poll(() => plant.locator('option').count(), { timeout: T }).toBeGreaterThan(1);
    await plant.selectOption({ index: 1 });
    await details.getByLabel(uk('customerTests.area'), { exact: true }).fill('2,5');
    await details.getByLabel(uk('customerTests.punctures'), { exact: true }).fill('12');
    await shot(page, 'sample-details');
    await details.getByRole('button', { name: uk('customerTests.save'), exact: true }).click();
    await see('customerTests.testAdded');
    await page.waitForURL(/\/soil-tests\/edit\//, { timeout: T });
    testId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await shot(page, 'test-added');

    await button(uk('customerTests.confirmShipment')).click();
    const dialog = page.getByRole('dialog', { name: uk('customerTests.confirmShipmentTitle') });
    await dialog
      .getByText(uk('customerTests.confirmShipmentWarning'), { exact: true })
      .waitFor({ timeout: T });
    await shot(page, 'confirm-shipment-warning');
    await dialog.getByRole('button', { name: uk('customerTests.confirmShipmentYes'), exact: true }).click();
    await see('customerTests.shipmentConfirmed');
    await see('customerTests.notEditable');
    await shot(page, 'shipment-confirmed');
    const test = await api(`/api/soil-tests/${testId}`, {
      token: (await api('/api/auth/login', { body: { email, password } })).body.accessToken,
    });
    expect(test.body).toMatchObject({
      barcode,
      status: 'WAITING_FOR_RESULTS',
      gardenName: 'Город біля хати',
    });
  });

  it("completes the address on the account page (a parcel needs the sender's address)", async () => {
    await page.getByRole('button', { name: uk('customer.menu'), exact: true }).click();
    await page
      .getByRole('navigation', { name: uk('customer.mainNavigation') })
      .getByRole('link', { name: uk('customer.navMyAccount') })
      .click();
    await page.getByRole('heading', { name: uk('customer.titleMyAccount') }).waitFor({ timeout: T });
    const form = page.locator('form.profile-form');
    await form
      .getByRole('combobox', { name: uk('customer.voivodeship'), exact: true })
      .selectOption('LUBLIN');
    await form.getByLabel(uk('customer.cityName'), { exact: true }).fill('Lublin');
    await form.getByLabel(uk('customer.postCode'), { exact: true }).fill('20-001');
    await form.getByLabel(uk('customer.streetName'), { exact: true }).fill('Ogrodowa');
    await form.getByLabel(uk('customer.buildingNumber'), { exact: true }).fill('7');
    await shot(page, 'account-address');
    await form.getByRole('button', { name: uk('customer.saveData'), exact: true }).click();
    await see('customer.profileSaved');
    await shot(page, 'account-saved');
  });

  it('sends the samples through the wizard: pickup point, with label, a booked parcel', async () => {
    await page.goto(app(`/soil-tests/edit/${encodeURIComponent(testId)}`));
    await page.getByRole('link', { name: uk('customerTests.sendSamples'), exact: true }).click();
    await page.getByRole('heading', { name: uk('customerTests.stepSize') }).waitFor({ timeout: T });
    await page
      .getByRole('radiogroup', { name: uk('customerTests.stepSize') })
      .getByRole('radio')
      .first()
      .check();
    await shot(page, 'send-size');
    await button(uk('customerTests.continue')).click();
    await page.getByRole('heading', { name: uk('customerTests.stepLabel') }).waitFor({ timeout: T });
    await page.getByRole('radio', { name: uk('customerTests.withLabel'), exact: true }).check();
    await button(uk('customerTests.continue')).click();
    await page.getByRole('heading', { name: uk('customerTests.stepMethod') }).waitFor({ timeout: T });
    await page.getByRole('radio', { name: uk('customerTests.methodPickup'), exact: true }).check();
    await page.getByLabel(uk('customerTests.searchPoints'), { exact: true }).fill('Lublin');
    await button(uk('customerTests.search')).click();
    const points = page.getByRole('radiogroup', { name: uk('customerTests.choosePoint') });
    await points.waitFor({ timeout: T });
    // Lublin has one DPD point in the simulator: one marker on the map above the list.
    await expect
      .poll(() => page.locator('.pickup-map .maplibregl-marker').count(), { timeout: T })
      .toBe(await points.getByRole('radio').count());
    await points.getByRole('radio').first().check();
    await shot(page, 'send-pickup-point');
    // The sender's address reaches shipping as identity's event; until then the step says to complete it.
    const summary = page.getByRole('heading', { name: uk('customerTests.stepSummary') });
    await eventually(
      'the summary step',
      async () => {
        await button(uk('customerTests.continue')).click();
        return summary.waitFor({ timeout: 3000 }).then(
          () => true,
          () => false,
        );
      },
      (shown) => shown,
    );
    await shot(page, 'send-summary');
    await button(uk('customerTests.confirmSend')).click();
    const dialog = page.getByRole('dialog', { name: uk('customerTests.confirmSendTitle') });
    await dialog.waitFor({ timeout: T });
    await dialog.getByRole('button', { name: uk('ui.yes'), exact: true }).click();
    const created = page.getByRole('region', { name: uk('customerTests.shipmentCreated') });
    await created.waitFor({ timeout: 60_000 });
    const waybillLine = await created
      .getByText(textPattern('uk', 'customerTests.waybill'))
      .first()
      .textContent();
    waybill = waybillLine!.match(/[0-9A-Z]{8,}/)![0];
    await shot(page, 'parcel-booked');
    const label = await downloadOf(page, () =>
      created.getByRole('button', { name: uk('customerTests.downloadLabel'), exact: true }).click(),
    );
    expect((await inspectPdf(label.bytes)).header).toBe('%PDF-');
  });

  it('the admin side moves the parcel (DPD tracking) and imports the results', async () => {
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    await pushTracking(waybill, [
      {
        businessCode: '040101',
        description: 'Przesyłka nadana w punkcie Pickup',
        eventTime: at(0),
        depot: '1495',
      },
      {
        businessCode: '170301',
        description: 'Przyjęcie przesyłki w oddziale DPD',
        eventTime: at(60),
        depot: '1301',
      },
      { businessCode: '190102', description: 'Przesyłka doręczona', eventTime: at(180), depot: '1301' },
    ]);
    const shipments = await adminApi(token, 'garden', '/shipments?page=1&perPage=100');
    const shipment = (shipments.body.items ?? []).find((s: { waybill: string }) => s.waybill === waybill);
    expect(shipment, JSON.stringify(shipments.body).slice(0, 500)).toBeTruthy();
    await adminApi(token, 'garden', `/shipments/${shipment.id}/track`, { method: 'POST' });
    await eventually(
      'the parcel is delivered to the lab',
      () => adminApi(token, 'garden', `/shipments/${shipment.id}`),
      (r) => r.body?.status === 'DELIVERED',
    );

    const template = await adminFile(token, 'garden', '/imports/template');
    const workbook = await fillResultsTemplate(template, [
      {
        label: barcode,
        testType: 'BASIC_TEST',
        values: { PH_KCL: 5.1, P2O5: 9.5, K2O: 11.2, MG: 3.9, CATEGORY: 'średnia' },
      },
    ]);
    const res = await fetch(
      `${system().gateway}/garden-api/imports?testType=BASIC_TEST&step=apply&fileName=wyniki-ogrod-uk.xlsx`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
        body: new Uint8Array(workbook),
      },
    );
    const upload = (await res.json()) as { id?: string };
    expect(res.status, JSON.stringify(upload)).toBe(202);
    await eventually(
      'the import is applied',
      () => adminApi(token, 'garden', `/imports/${upload.id}`),
      (r) => r.body?.status === 'APPLIED',
      90_000,
    );
  });

  it('sees the badge in the top bar, marks a notification seen (the badge decreases)', async () => {
    const tokens = (await api('/api/auth/login', { body: { email, password } })).body;
    await eventually(
      'the results notification',
      () =>
        api('/api/notifications/in-app?page=1&perPage=50&orderBy=createdAt:desc&filter=all', {
          token: tokens.accessToken,
        }),
      (r) => r.status === 200 && r.body.items.some((n: { type: string }) => n.type === 'ALL_RESULTS'),
    );
    const unseen = (await api('/api/notifications/in-app/unseen/count', { token: tokens.accessToken })).body
      .unseenCount as number;
    expect(unseen).toBeGreaterThanOrEqual(2);
    // Data never goes stale in the app: a new visit reads the count.
    await page.goto(app('/'));
    await page.getByRole('heading', { name: uk('customer.titleDashboard') }).waitFor({ timeout: T });
    await expect.poll(() => badge().textContent(), { timeout: T }).toBe(String(unseen));
    expect(await badge().getAttribute('aria-label')).toBe(
      uk('customer.unseenNotifications', { count: unseen }),
    );
    await shot(page, 'badge-in-top-bar');
    await page.getByRole('link', { name: uk('customer.navNotifications'), exact: true }).click();
    await page.getByRole('heading', { name: uk('customer.titleNotifications') }).waitFor({ timeout: T });
    const markSeen = page.getByRole('button', { name: uk('customer.markSeen'), exact: true });
    await markSeen.first().waitFor({ timeout: T });
    expect(await markSeen.count()).toBe(unseen);
    await shot(page, 'notifications');
    await markSeen.first().click();
    await expect.poll(() => badge().textContent(), { timeout: T }).toBe(String(unseen - 1));
    await expect.poll(() => markSeen.count(), { timeout: T }).toBe(unseen - 1);
    await shot(page, 'notification-marked-seen');
  });

  it('opens the results with recommendations and downloads the PDF', async () => {
    await page.goto(app(`/soil-tests/${encodeURIComponent(testId)}/results`));
    await page.getByRole('heading', { name: uk('customer.titleResults') }).waitFor({ timeout: T });
    // The results page hides the menu.
    expect(await page.locator('.topbar').count()).toBe(0);
    await page.getByRole('region', { name: uk('customerTests.recommendations') }).waitFor({ timeout: T });
    await see('customerTests.liming');
    await see('customerTests.fertilizers');
    await shot(page, 'results-with-recommendations');
    const pdf = await downloadOf(page, () => button(uk('customerTests.downloadPdf')).click());
    expect(pdf.name).toMatch(/\.pdf$/);
    const inspected = await inspectPdf(pdf.bytes);
    expect(inspected.header).toBe('%PDF-');
    expect(inspected.pages).toBeGreaterThanOrEqual(1);
    await shot(page, 'results-pdf-downloaded');
    expect(
      problems.filter((p) => /^5\d\d /.test(p)),
      problems.join('\n'),
    ).toEqual([]);
  });
});
