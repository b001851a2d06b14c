// The variable-rate map and the per-sector history in Chromium at 1280 px, in
// Polish, English and Ukrainian, on a field like the demo's "Pole za wsią" (scripts/lib/demo-week.mjs):
// about 12 ha in sectors, two seasons of lab results that differ from sector to sector. From the
// field's results map: the history of each sector (chart and change since the previous test), then
// the rate map: switch the product, read the legend and the total, download the ISOXML, Shapefile
// and GeoJSON files and read each back. Screenshots: test-artifacts/prescription/.
import JSZip from 'jszip';
import shp from 'shpjs';
import { ISOXMLManager, type Task } from 'isoxml';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TCrop, TPlot } from '@gleba/contracts';
import { formatNumber } from '@gleba/i18n';
import { api } from '../src/api';
import { adminApi, adminToken, eventually, newCustomer, type Customer } from '../src/admin';
import { startBlankMapApp } from '../src/blank-map-app';
import { hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { downloadOf, text, type Lang } from '../src/customer';
import { basicResultsWorkbook, importResults } from '../src/journey';
import { checkScreen } from '../src/screen-check';
import { system } from '../src/system';

/** Per sector (by index), two seasons: pH, P2O5, K2O, Mg (the demo field's values). */
const SEASONS = [
  [
    [4.8, 8.2, 7.0, 2.8],
    [5.4, 12.5, 11.8, 4.6],
    [6.1, 16.0, 15.4, 6.2],
    [5.9, 20.5, 19.8, 7.6],
  ],
  [
    [5.0, 9.0, 8.1, 3.2],
    [5.6, 13.1, 12.4, 5.0],
    [6.3, 15.2, 14.8, 6.0],
    [6.0, 21.0, 20.6, 7.4],
  ],
];

describe.runIf(hasChromium())('the variable-rate map and the sector history at 1280 px', () => {
  let browser: Browser;
  let app: { url: string; close: () => Promise<void> };
  let farmer: Customer;
  let crop: TCrop;
  const shot = screenshots('prescription');
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    app = await startBlankMapApp(system().gateway, 'prescription');
    farmer = await newCustomer('prescription', 'pl');
    const [lng, lat] = [22.45 + Math.random() * 0.05, 51.1 + Math.random() * 0.05];
    const plot = await api<TPlot>('/api/plots', {
      token: farmer.accessToken,
      body: {
        name: 'Pole za wsią',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [lng, lat],
              [lng + 0.006, lat],
              [lng + 0.006, lat + 0.0027],
              [lng, lat + 0.0027],
              [lng, lat],
            ],
          ],
        },
      },
    });
    expect(plot.status, JSON.stringify(plot.body)).toBe(201);
    const made = await api<TCrop>('/api/crops', {
      token: farmer.accessToken,
      body: {
        plantId: 'winter-wheat',
        cultivationFrom: '2025-09-15',
        cultivationTo: '2027-07-31',
        plotIds: [plot.body.id],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const divided = await api<TCrop>(`/api/crops/${made.body.id}/sectors/auto-divide`, {
      token: farmer.accessToken,
      body: {},
    });
    expect(divided.status, JSON.stringify(divided.body)).toBe(200);
    crop = divided.body;
    expect(crop.sectors.length).toBeGreaterThanOrEqual(3);

    const admin = await adminToken();
    for (const season of SEASONS) {
      const placed = await eventually(
        'farm order accepted',
        () =>
          api('/api/orders', {
            token: farmer.accessToken,
            body: {
              type: 'STANDARD',
              crops: [{ cropId: crop.id }],
              paymentMethod: 'DEFERRED_BANK_TRANSFER',
              confirmUserData: true,
            },
          }),
        (r) => r.status === 201 || ![404, 409, 422].includes(r.status),
        120_000,
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const orderId = placed.body.order.id as string;
      for (const status of ['KIT_SENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS']) {
        const moved = await eventually(
          `order to ${status}`,
          () => adminApi(admin, 'farm', `/orders/${orderId}/status`, { body: { status } }),
          (r) => r.status < 500,
        );
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      }
      const samples = placed.body.order.samples as { code: string; sampleNumber: number }[];
      const file = await basicResultsWorkbook(
        samples.map((s, i) => {
          const [ph, p2o5, k2o, mg] = season[i % season.length]!;
          return { code: s.code, ph: ph!, p2o5: p2o5!, k2o: k2o!, mg: mg!, category: 'średnia' };
        }),
      );
      // The lab learns of the samples from an event: the import is tried until it applies.
      await eventually(
        'results applied',
        async () => {
          const id = await importResults(file);
          return eventually(
            'import finished',
            async () => (await adminApi(admin, 'farm', `/imports/${id}`)).body,
            (b) => !['UPLOADED', 'CHECKING', 'APPLYING'].includes(b.status),
            120_000,
          );
        },
        (b) => b.status === 'APPLIED',
        240_000,
      );
      await eventually(
        'order completed',
        async () => (await api(`/api/orders/${orderId}`, { token: farmer.accessToken })).body.order,
        (o) => o.status === 'ORDER_COMPLETED',
        120_000,
      );
    }
    browser = await launchBrowser();
  }, 900_000);

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await shot(page, `failed-${ctx.task.name}`);
    await context?.close();
    context = undefined;
    page = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const lang of ['pl', 'en', 'uk'] as Lang[]) {
    it(`${lang}: history per sector, then the rate map: products, legend, totals and the three files`, async () => {
      const tr = (key: string, params?: Record<string, string | number>) => text(lang, key, params);
      context = await newContext(browser, { viewport: { width: 1280, height: 900 }, locale: lang });
      await context.route(
        (url) =>
          url.protocol.startsWith('http') && url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
        (route) => route.abort('blockedbyclient'),
      );
      await context.addInitScript(
        ({ tokens, lang }) => {
          localStorage.setItem('token', tokens.accessToken);
          localStorage.setItem('refresh_token', tokens.refreshToken);
          localStorage.setItem('lang', lang);
          localStorage.setItem('splash_screen_on', 'true');
        },
        { tokens: { accessToken: farmer.accessToken, refreshToken: farmer.refreshToken }, lang },
      );
      page = await context.newPage();
      const problems = watchPage(page);
      await page.goto(`${app.url}/fields/${crop.id}/results`);
      const accept = page.getByRole('button', { name: tr('ui.cookieAccept'), exact: true });
      await accept.waitFor({ timeout: 5_000 }).then(
        () => accept.click(),
        () => undefined,
      );

      // ---- history: each sector's values in both tests and the change since the previous one ----
      const trends = page.getByRole('region', { name: tr('prescription.trends') });
      await trends.waitFor({ timeout: 60_000 });
      const rows = trends.locator('tbody tr');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(crop.sectors.length);
      await trends.getByLabel(tr('prescription.trendsNutrient'), { exact: true }).selectOption('K2O');
      const charts = trends.getByRole('img');
      expect(await charts.count()).toBe(crop.sectors.length);
      // Each chart says its values in words (two tests each) and the table says the change.
      const label = (await charts.first().getAttribute('aria-label'))!;
      expect(label.split(';')).toHaveLength(2);
      const changed = new RegExp(
        `^(${tr('prescription.changeUp', { delta: '.+' })}|${tr('prescription.changeDown', { delta: '.+' })})$`,
      );
      for (const cell of await rows.locator('td:last-child').allTextContents())
        expect(cell.trim()).toMatch(changed);
      await trends.scrollIntoViewIfNeeded();
      await shot(page, `${lang}-history`);
      await checkScreen(page, { journey: 'prescription', step: `${lang}-history`, lang });

      // ---- the rate map ----
      await page.getByRole('link', { name: tr('prescription.link') }).click();
      await page.waitForURL(new RegExp(`/fields/${crop.id}/prescription$`));
      await page
        .getByRole('region', { name: tr('prescription.mapLabel') })
        .locator('canvas')
        .waitFor({ timeout: 60_000 });
      const legend = page.getByRole('region', { name: tr('prescription.legend') });
      const total = page.getByRole('region', { name: tr('prescription.total') });
      // Lime (carbonate) first: the acid sectors need some, the others none.
      await expect
        .poll(async () => (await legend.getByRole('listitem').allTextContents()).length)
        .toBeGreaterThan(1);
      const limeTotal = Number(await total.locator('[data-total-kg]').getAttribute('data-total-kg'));
      expect(limeTotal).toBeGreaterThan(0);
      await page.waitForTimeout(1000); // the canvas paints the sectors
      await shot(page, `${lang}-lime`);
      await checkScreen(page, { journey: 'prescription', step: `${lang}-lime`, lang });

      // Oxide lime (60 % CaO) needs less product than carbonate (40 %).
      await page.getByLabel(tr('prescription.product'), { exact: true }).selectOption('OXIDE');
      await expect
        .poll(async () => Number(await total.locator('[data-total-kg]').getAttribute('data-total-kg')))
        .toBeLessThan(limeTotal);

      // Potassium salt 60 %: a rate per sector, every legend entry a text.
      await page.getByRole('radio', { name: tr('prescription.kind_K2O') }).check();
      await page.getByLabel(tr('prescription.product'), { exact: true }).selectOption('POTASSIUM_SALT');
      const table = page.getByRole('region', { name: tr('prescription.sectors') });
      const rates = async () =>
        (
          await table.locator('tbody tr').evaluateAll((trs) => trs.map((r) => r.getAttribute('data-rate')))
        ).map(Number);
      await expect.poll(async () => (await rates()).every((r) => r > 0)).toBe(true);
      const pageRates = [...new Set(await rates())].sort((a, b) => a - b);
      const legendTexts = await legend.getByRole('listitem').allTextContents();
      expect(legendTexts.map((s) => s.trim())).toEqual(
        pageRates.map((r) => tr('prescription.rate', { rate: formatNumber(lang, r, 0) })),
      );
      const totalText = (await total.textContent())!;
      expect(totalText).toContain(tr('prescription.total'));
      await shot(page, `${lang}-potassium`);
      await checkScreen(page, { journey: 'prescription', step: `${lang}-potassium`, lang });

      // ---- the files ----
      const exports = page.getByRole('region', { name: tr('prescription.exports') });
      const isoxml = await downloadOf(page, () =>
        exports.getByRole('button', { name: tr('prescription.exportIsoxml') }).click(),
      );
      expect(isoxml.name).toBe('gleba-pole-za-wsia-potassium-salt-isoxml.zip');
      const manager = new ISOXMLManager();
      await manager.parseISOXMLFile(new Uint8Array(isoxml.bytes), 'application/zip');
      const task = manager.rootElement.attributes.Task![0] as Task;
      const zoneRates = task.attributes
        .TreatmentZone!.filter((z) => z.attributes.TreatmentZoneCode > 0)
        .map((z) => z.attributes.ProcessDataVariable![0]!.attributes.ProcessDataValue / 100);
      expect(zoneRates).toEqual(pageRates);
      await page.getByText(tr('prescription.exported', { file: isoxml.name })).waitFor();

      const shape = await downloadOf(page, () =>
        exports.getByRole('button', { name: tr('prescription.exportShp') }).click(),
      );
      expect(shape.name).toBe('gleba-pole-za-wsia-potassium-salt-shp.zip');
      expect(Object.keys((await JSZip.loadAsync(shape.bytes)).files)).toContain('prescription.prj');
      const read = (await shp(shape.bytes)) as GeoJSON.FeatureCollection;
      expect(read.features).toHaveLength(crop.sectors.length);
      expect(
        [...new Set(read.features.map((f) => f.properties!.RATE as number))].sort((a, b) => a - b),
      ).toEqual(pageRates);

      const geojson = await downloadOf(page, () =>
        exports.getByRole('button', { name: tr('prescription.exportGeojson') }).click(),
      );
      expect(geojson.name).toBe('gleba-pole-za-wsia-potassium-salt.geojson');
      const fc = JSON.parse(geojson.bytes.toString('utf8')) as GeoJSON.FeatureCollection;
      expect(fc.features.map((f) => f.properties!.sectorId).sort()).toEqual(
        crop.sectors.map((s) => s.id).sort(),
      );
      await shot(page, `${lang}-downloaded`);
      await checkScreen(page, { journey: 'prescription', step: `${lang}-downloaded`, lang });
      if (lang === 'pl') {
        // A desktop screen, but a phone still reads it without sideways scrolling.
        await page.setViewportSize({ width: 375, height: 812 });
        await page.waitForTimeout(500);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await shot(page, 'pl-375');
        await checkScreen(page, { journey: 'prescription', step: 'pl-375', lang });
      }
      expect(problems).toEqual([]);
    }, 300_000);
  }
});
