// The customer app's installable side and the pickup map in Chromium against the suite's system
// in Polish:
// - the service worker: the built app registers /sw.js, which controls the page after a reload and
//   has precached the shell; with the context offline (`context.setOffline(true)`) a reload still
//   opens the app from the cache (the offline notice shows); a test added offline by its kit code
//   is queued with the offline message; back online it is sent, appears in My tests and in the API;
// - the pickup point map search of the send-samples wizard (desktop): a city the DPD simulator
//   knows, one marker per point, a marker clicked chooses its point in the list, the wizard ends
//   with a shipment to that point.
// The customer and kit codes are made through the APIs (src/admin.ts). Screenshots:
// test-artifacts/customer-pwa/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addGardenTest, adminToken, eventually, newCustomer, newKitCodes, type Customer } from '../src/admin';
import { api } from '../src/api';
import {
  ARTIFACTS,
  DESKTOP,
  MOBILE,
  hasChromium,
  launchBrowser,
  newContext,
  screenshots,
  watchPage,
} from '../src/browser';
import { app, signedInContext, text, textPattern } from '../src/customer';
import { stayLocal } from '../src/journey';

const T = 30_000;
const pl = (key: string, params?: Record<string, string | number>) => text('pl', key, params);
/** Consent given before the first page: the cookie banner stays away. */
const CONSENT = {
  lang: 'pl',
  cookie_consent: JSON.stringify({
    consent: { necessary: true, commercial: false, social: true },
    expiresAt: Date.now() + 86_400_000,
  }),
};

describe.runIf(hasChromium())(
  'customer app: service worker, offline queue and pickup map in Chromium',
  () => {
    let browser: Browser;
    let customer: Customer;
    let codes: string[];
    const contexts: BrowserContext[] = [];
    const pages: { page: Page; problems: string[] }[] = [];
    rmSync(path.join(ARTIFACTS, 'customer-pwa'), { recursive: true, force: true });
    const shot = screenshots('customer-pwa');

    async function open(viewport: {
      width: number;
      height: number;
    }): Promise<{ context: BrowserContext; page: Page; blocked: string[] }> {
      const context = await newContext(browser, { viewport, locale: 'pl-PL' });
      contexts.push(context);
      const tokens = await api('/api/auth/login', {
        body: { email: customer.email, password: customer.password },
      });
      await signedInContext(context, tokens.body, CONSENT);
      const page = await context.newPage();
      pages.push({ page, problems: watchPage(page) });
      return { context, page, blocked: [] };
    }

    beforeAll(async () => {
      const token = await adminToken();
      customer = await newCustomer('customer-pwa', 'pl');
      codes = await newKitCodes(token, 2);
      browser = await launchBrowser();
    });
    afterEach(async (ctx) => {
      if (ctx.task.result?.state !== 'fail') return;
      for (const [i, { page, problems }] of pages.entries()) {
        if (!page.isClosed()) await shot(page, `failed-${ctx.task.name}-${i}`).catch(() => undefined);
        if (problems.length) console.error(problems.join('\n'));
      }
    });
    afterAll(async () => {
      for (const c of contexts) await c.close();
      await browser?.close();
    });

    describe('service worker and the offline queue (375 px)', () => {
      let context: BrowserContext;
      let page: Page;
      const heading = (key: string) => page.getByRole('heading', { name: pl(key), exact: true }).first();
      const button = (key: string) => page.getByRole('button', { name: pl(key), exact: true });

      beforeAll(async () => {
        ({ context, page } = await open(MOBILE));
      });

      it('registers the service worker, which has precached the shell and controls the page after a reload', async () => {
        await page.goto(app('/'));
        await heading('customer.titleDashboard').waitFor({ timeout: T });
        const registration = await page.evaluate(async () => {
          const ready = await navigator.serviceWorker.ready;
          const worker = ready.active!;
          // `ready` comes with an active worker, which may still be activating (its cache clean-up).
          if (worker.state !== 'activated')
            await new Promise<void>((done) =>
              worker.addEventListener('statechange', () => worker.state === 'activated' && done()),
            );
          return { scope: ready.scope, script: worker.scriptURL, state: worker.state };
        });
        expect(registration).toEqual({ scope: app('/'), script: app('/sw.js'), state: 'activated' });

        await page.reload();
        await heading('customer.titleDashboard').waitFor({ timeout: T });
        expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(app('/sw.js'));
        const cached = await page.evaluate(async () => {
          const names = (await caches.keys()).filter((k) => k.startsWith('gleba-shell-'));
          const entries = names.length === 1 ? await (await caches.open(names[0]!)).keys() : [];
          const entry = document
            .querySelector<HTMLScriptElement>('script[type="module"][src]')
            ?.getAttribute('src');
          return { names, paths: entries.map((r) => new URL(r.url).pathname), entry };
        });
        expect(cached.names).toHaveLength(1);
        expect(cached.paths).toEqual(
          expect.arrayContaining([
            '/index.html',
            '/manifest.webmanifest',
            '/icons/icon-192.png',
            cached.entry,
          ]),
        );
        // The API is never cached.
        expect(cached.paths.filter((p) => p.startsWith('/api/'))).toEqual([]);
        await shot(page, 'online-dashboard-controlled');
      });

      it('offline: a reload opens the app from the cache, with the offline notice', async () => {
        await context.setOffline(true);
        await page.reload();
        await page.getByRole('status').getByText(pl('pwa.offline'), { exact: true }).waitFor({ timeout: T });
        await heading('customer.titleDashboard').waitFor({ timeout: T });
        expect(await page.evaluate(() => navigator.onLine)).toBe(false);
        await shot(page, 'offline-dashboard');
      });

      it('offline: a test added by its kit code is queued with the offline message', async () => {
        // A new document while offline: the worker answers the navigation with the cached shell.
        await page.goto(app('/soil-tests/add'));
        await heading('customer.titleAddTest').waitFor({ timeout: T });
        await page.getByLabel(pl('customerTests.barcode'), { exact: true }).fill(codes[0]!);
        await button('customerTests.continue').click();
        const details = page.getByRole('form', { name: pl('customerTests.sampleDetails') });
        await details.waitFor({ timeout: T });
        await details.getByLabel(pl('customerTests.gardenName'), { exact: true }).fill('Warzywnik offline');
        const plant = details.getByLabel(pl('customerTests.plant'), { exact: true });
        await expect.poll(() => plant.locator('option').count(), { timeout: T }).toBeGreaterThan(1);
        await plant.selectOption({ index: 1 });
        await shot(page, 'offline-sample-details');
        await details.getByRole('button', { name: pl('customerTests.save'), exact: true }).click();
        await page
          .getByText(pl('pwa.queued', { barcode: codes[0]! }), { exact: true })
          .waitFor({ timeout: T });
        await page.waitForURL((url) => url.pathname === '/soil-tests', { timeout: T });
        const queued = await page.evaluate(
          () =>
            JSON.parse(localStorage.getItem('gleba_offline_tests') ?? '[]') as {
              barcode: string;
              userId: string;
            }[],
        );
        expect(queued.map((q) => [q.barcode, q.userId])).toEqual([[codes[0], customer.userId]]);
        await shot(page, 'offline-test-queued');
        const tests = await api('/api/soil-tests?page=1&perPage=50', { token: customer.accessToken });
        expect(JSON.stringify(tests.body)).not.toContain(codes[0]);
      });

      it('back online: the queued test is sent, shows in My tests and in the API', async () => {
        await context.setOffline(false);
        await page.getByText(pl('pwa.queueSent', { count: 1 }), { exact: true }).waitFor({ timeout: T });
        // At 375 px My tests is a list of cards, each value labelled by its column's name.
        await page.getByRole('cell').getByText(codes[0]!, { exact: true }).waitFor({ timeout: T });
        await page.getByRole('cell').getByText('Warzywnik offline', { exact: true }).waitFor({ timeout: T });
        expect(await page.getByRole('status').getByText(pl('pwa.offline'), { exact: true }).count()).toBe(0);
        expect(await page.evaluate(() => localStorage.getItem('gleba_offline_tests'))).toBeNull();
        await shot(page, 'online-queue-sent');
        const tests = await api<{ items: { barcode: string; name: string; status: string }[] }>(
          '/api/soil-tests?page=1&perPage=50',
          { token: customer.accessToken },
        );
        expect(tests.body.items.filter((t) => t.barcode === codes[0])).toEqual([
          expect.objectContaining({ barcode: codes[0], name: 'Warzywnik offline' }),
        ]);
      });
    });

    describe('pickup point map search (desktop)', () => {
      it('searches a city, shows a marker per point, a marker chooses its point, the wizard ends with a shipment there', async () => {
        const test = await addGardenTest(customer, codes[1]!, { gardenName: 'Ogród przy mapie' });
        await eventually(
          'the test is shippable',
          () => api('/api/shipments/shippable', { token: customer.accessToken }),
          (r) => r.status === 200 && JSON.stringify(r.body).includes(test.id),
        );
        const known = await api<{
          items: { id: string; name: string; street: string; postCode: string; city: string }[];
        }>('/api/pickup-points?city=Warszawa', { token: customer.accessToken });
        expect(known.body.items.length).toBeGreaterThan(1);
        const target = known.body.items[1]!;

        const { context, page } = await open(DESKTOP);
        // Map tiles (the configured OSM/Geoportal style) never leave the machine.
        const blocked = await stayLocal(context);
        const button = (key: string) => page.getByRole('button', { name: pl(key), exact: true });
        await page.goto(app(`/soil-tests/${encodeURIComponent(test.id)}/send`));
        await page.getByRole('heading', { name: pl('customerTests.stepSize') }).waitFor({ timeout: T });
        await page
          .getByRole('radiogroup', { name: pl('customerTests.stepSize') })
          .getByRole('radio')
          .first()
          .check();
        await button('customerTests.continue').click();
        await page.getByRole('radio', { name: pl('customerTests.withLabel'), exact: true }).check();
        await button('customerTests.continue').click();
        await page.getByRole('radio', { name: pl('customerTests.methodPickup'), exact: true }).check();
        await page.getByLabel(pl('customerTests.searchPoints'), { exact: true }).fill('Warszawa');
        await button('customerTests.search').click();

        const list = page.getByRole('radiogroup', { name: pl('customerTests.choosePoint') });
        await list.waitFor({ timeout: T });
        const map = page.getByRole('region', { name: pl('customerTests.pointsMap'), exact: true });
        await map.waitFor({ timeout: T });
        await expect
          .poll(() => map.locator('.maplibregl-marker').count(), { timeout: T })
          .toBe(known.body.items.length);
        expect(await map.locator('canvas.maplibregl-canvas').count()).toBe(1);
        expect(await list.getByRole('radio').count()).toBe(known.body.items.length);
        await shot(page, 'pickup-map-markers');

        const address = `${target.street}, ${target.postCode} ${target.city}`;
        const marker = map.getByRole('button', {
          name: pl('customerTests.pointMarker', { name: target.name, address }),
          exact: true,
        });
        await marker.click();
        const row = list.getByRole('radio', {
          name: new RegExp(target.name.replace(/[.*+?^$()|[\]\\]/g, '\\$&')),
        });
        await expect.poll(() => row.isChecked(), { timeout: T }).toBe(true);
        expect(await marker.getAttribute('aria-pressed')).toBe('true');
        expect(await map.locator('.pickup-map__marker--selected').count()).toBe(1);
        expect(
          await row.evaluate((el) => el.closest('label')!.classList.contains('wizard-option--selected')),
        ).toBe(true);
        await shot(page, 'pickup-map-marker-chosen');

        // The sender's address reaches shipping as identity's event; until then the step says to complete it.
        const summary = page.getByRole('heading', { name: pl('customerTests.stepSummary') });
        await eventually(
          'the summary step',
          async () => {
            await button('customerTests.continue').click();
            return summary.waitFor({ timeout: 3000 }).then(
              () => true,
              () => false,
            );
          },
          (shown) => shown,
        );
        await page
          .getByText(pl('customerTests.summaryPoint', { name: target.name, address }), { exact: true })
          .waitFor({ timeout: T });
        await shot(page, 'pickup-map-summary');
        await button('customerTests.confirmSend').click();
        const dialog = page.getByRole('dialog', { name: pl('customerTests.confirmSendTitle') });
        await dialog.getByRole('button', { name: pl('ui.yes'), exact: true }).click();
        const created = page.getByRole('region', { name: pl('customerTests.shipmentCreated') });
        await created.waitFor({ timeout: 60_000 });
        await created.getByText(textPattern('pl', 'customerTests.waybill')).first().waitFor({ timeout: T });
        await shot(page, 'pickup-map-shipment');

        const shippables = await api('/api/shipments/shippable', { token: customer.accessToken });
        const item = (shippables.body.items ?? shippables.body).find(
          (s: { testId: string }) => s.testId === test.id,
        );
        const shipment = await api(`/api/shipments/${item.shipmentId}`, { token: customer.accessToken });
        expect(shipment.body).toMatchObject({
          shipmentType: 'PICKUP',
          pickupPoint: expect.objectContaining({ id: target.id }),
        });
        // Only tile requests were stopped (none of the app's own).
        expect(blocked.filter((u) => !/openstreetmap|geoportal|gugik/.test(u))).toEqual([]);
      });
    });
  },
);
