// A test's detail page (/soil-tests/{id}/results) with its map in Chromium, in pl, en and uk at
// 1280 and 375 px. A farm test: its field's two sectors (auto-divided, both sampled by one order,
// the lab's results imported with different classes) on the street map, coloured by pH class; the
// class is switched to phosphorus from the keyboard, the legend and the sector list say the classes
// in words; the orthophoto layer asks the configured Geoportal WMTS. A garden test with a location
// shows its marker and coordinates; one without says so in words. The customer app is built with
// the default (Geoportal) map configuration and every tile is answered by `page.route` (nothing
// leaves 127.0.0.1). Screenshots (each also checked for raw codes, keys, English on a local screen
// and by axe): test-artifacts/test-detail-map/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCrop, TPlot } from '@gleba/contracts';
import {
  adminApi,
  adminFile,
  adminToken,
  eventually,
  fillResultsTemplate,
  newCustomer,
  newKitCodes,
  type Customer,
} from '../src/admin';
import { api } from '../src/api';
import { ARTIFACTS, hasChromium, launchBrowser, newContext } from '../src/browser';
import { startMapApp } from '../src/blank-map-app';
import { acceptCookies, text, type Lang } from '../src/customer';
import { checkScreen } from '../src/screen-check';
import { system } from '../src/system';

const JOURNEY = 'test-detail-map';
const T = 30_000;
/** A light green 1x1 PNG: a base-map tile from the "server". */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4cekAAATAAlsyTjYMAAAAAElFTkSuQmCC',
  'base64',
);
const OSM = 'https://tile.openstreetmap.org/';
const ORTHO = 'https://mapy.geoportal.gov.pl/wss/service/PZGIK/ORTO/WMTS/StandardResolution';
const KIEG = 'https://integracja.gugik.gov.pl/cgi-bin/KrajowaIntegracjaEwidencjiGruntow';
const WIDTHS = [
  ['1280', { width: 1280, height: 900 }],
  ['375', { width: 375, height: 812 }],
] as const;
const LANGS: Lang[] = ['pl', 'en', 'uk'];

interface Element {
  key: string;
  class: string | null;
  classLabel: string | null;
}
interface SampleView {
  testId: string;
  results: { testType: string; elements: Element[] }[];
}

async function importBasic(
  token: string,
  mode: 'farm' | 'garden',
  rows: { label: string; values: Record<string, number | string> }[],
) {
  const workbook = await fillResultsTemplate(
    await adminFile(token, mode, '/imports/template'),
    rows.map((r) => ({ label: r.label, testType: 'BASIC_TEST', values: r.values })),
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
}

describe.runIf(hasChromium())('a test detail with its map (farm sectors, garden marker) in Chromium', () => {
  let browser: Browser;
  let app: { url: string; close: () => Promise<void> };
  let customer: Customer;
  const ids = { farmTest: '', otherTest: '', cropId: '', gardenPlaced: '', gardenNowhere: '' };
  const sectorNames: Record<string, string> = {};
  const requested: string[] = [];
  const contexts: BrowserContext[] = [];
  rmSync(path.join(ARTIFACTS, JOURNEY), { recursive: true, force: true });

  beforeAll(async () => {
    app = await startMapApp(system().gateway, 'testdetail', {
      VITE_MAP_STYLE: 'geoportal',
      VITE_MAP_OSM_TILES: '',
      VITE_MAP_ORTHOPHOTO_TILES: '',
      VITE_MAP_CADASTRE_WMS: '',
    });
    const token = await adminToken();
    customer = await newCustomer('testmap', 'pl');

    // A field of about 5 ha near Lublin, auto-divided into two sectors, both ordered.
    const [lng, lat] = [22.7 + Math.random() * 0.05, 51.1 + Math.random() * 0.05];
    const ring = [
      [lng, lat],
      [lng + 0.0036, lat],
      [lng + 0.0036, lat + 0.0018],
      [lng, lat + 0.0018],
      [lng, lat],
    ];
    const plot = await api<TPlot>('/api/plots', {
      token: customer.accessToken,
      body: { name: 'Pole przy lesie', geometry: { type: 'Polygon', coordinates: [ring] } },
    });
    expect(plot.status, JSON.stringify(plot.body)).toBe(201);
    const crop = await api<TCrop>('/api/crops', {
      token: customer.accessToken,
      body: {
        plantId: 'winter-wheat',
        cultivationFrom: '2026-09-20',
        cultivationTo: '2027-07-31',
        plotIds: [plot.body.id],
      },
    });
    expect(crop.status, JSON.stringify(crop.body)).toBe(201);
    ids.cropId = crop.body.id;
    const divided = await api<TCrop>(`/api/crops/${ids.cropId}/sectors/auto-divide`, {
      token: customer.accessToken,
      body: { maxAreaHa: 3 },
    });
    expect(divided.status, JSON.stringify(divided.body)).toBe(200);
    expect(divided.body.sectors).toHaveLength(2);
    for (const s of divided.body.sectors) sectorNames[s.id] = s.name;
    const placed = await eventually(
      'farm order accepted',
      () =>
        api('/api/orders', {
          token: customer.accessToken,
          body: {
            type: 'STANDARD',
            crops: [{ cropId: ids.cropId, sectorIds: divided.body.sectors.map((s) => s.id) }],
            paymentMethod: 'DEFERRED_BANK_TRANSFER',
            confirmUserData: true,
          },
        }),
      (r) => r.status === 201 || (r.status !== 409 && r.status !== 404 && r.status !== 422),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order as {
      id: string;
      samples: { id: string; code: string; sectorId: string }[];
    };
    expect(order.samples).toHaveLength(2);
    for (const status of ['KIT_SENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS']) {
      const moved = await eventually(
        `order moved to ${status}`,
        () => adminApi(token, 'farm', `/orders/${order.id}/status`, { body: { status } }),
        (r) => r.status < 500,
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    [ids.farmTest, ids.otherTest] = order.samples.map((s) => s.id) as [string, string];

    // Two gardens: one with its location, one without.
    const [placedCode, nowhereCode] = (await newKitCodes(token, 2)) as [string, string];
    for (const [code, key, location] of [
      [placedCode, 'gardenPlaced', { lat: 51.24645, lon: 22.56844 }],
      [nowhereCode, 'gardenNowhere', null],
    ] as const) {
      const added = await api('/api/soil-tests', {
        token: customer.accessToken,
        body: {
          barcode: code,
          gardenName: location ? 'Ogród przy domu' : 'Działka nad rzeką',
          plantId: 'oats',
          gardenAreaAres: 2.5,
          location,
        },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body.location).toEqual(location);
      ids[key] = added.body.id;
      const confirmed = await api(`/api/soil-tests/${added.body.id}/confirm-shipment`, {
        token: customer.accessToken,
        method: 'POST',
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    }

    // The lab: an acid, phosphorus-poor sector and a neutral, phosphorus-rich one.
    await importBasic(token, 'farm', [
      {
        label: order.samples[0]!.code,
        values: { PH_KCL: 4.4, P2O5: 4.1, K2O: 9.7, MG: 5.2, CATEGORY: 'lekka' },
      },
      {
        label: order.samples[1]!.code,
        values: { PH_KCL: 6.6, P2O5: 31.5, K2O: 22.4, MG: 9.1, CATEGORY: 'lekka' },
      },
    ]);
    await importBasic(token, 'garden', [
      { label: placedCode, values: { PH_KCL: 6.1, P2O5: 18.4, K2O: 9.7, MG: 5.2, CATEGORY: 'lekka' } },
      { label: nowhereCode, values: { PH_KCL: 5.1, P2O5: 12.4, K2O: 8.7, MG: 4.2, CATEGORY: 'lekka' } },
    ]);
    for (const id of [ids.farmTest, ids.otherTest, ids.gardenPlaced, ids.gardenNowhere])
      await eventually(
        'the results',
        () => api(`/api/results/tests/${id}`, { token: customer.accessToken }),
        (r) => r.status === 200 && r.body.results.length > 0,
        90_000,
      );
    browser = await launchBrowser();
  }, 600_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await app?.close();
  });

  async function open(lang: Lang, viewport: { width: number; height: number }, id: string): Promise<Page> {
    const context = await newContext(browser, {
      locale: { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' }[lang],
      viewport,
    });
    contexts.push(context);
    await context.addInitScript(
      ({ t, lang }) => {
        localStorage.setItem('token', t.accessToken);
        localStorage.setItem('refresh_token', t.refreshToken);
        localStorage.setItem('lang', lang);
        localStorage.setItem('splash_screen_on', 'true');
      },
      { t: { accessToken: customer.accessToken, refreshToken: customer.refreshToken }, lang },
    );
    await context.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
      (route: Route) => route.abort('internetdisconnected'),
    );
    for (const host of [`${OSM}**`, `${ORTHO}**`, `${KIEG}**`])
      await context.route(host, (route: Route) => {
        requested.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
      });
    const page = await context.newPage();
    await page.goto(`${app.url}/soil-tests/${id}/results`);
    await acceptCookies(page, lang);
    return page;
  }

  /** The classes of a sample in a language (the lab-import view's labels: the agronomy package's names). */
  async function classes(lang: Lang, testId: string): Promise<Record<string, string>> {
    const view = await api<SampleView>(`/api/results/tests/${testId}`, { token: customer.accessToken, lang });
    const basic = view.body.results.find((r) => r.testType === 'BASIC_TEST')!;
    return Object.fromEntries(basic.elements.filter((e) => e.classLabel).map((e) => [e.key, e.classLabel!]));
  }

  for (const lang of LANGS)
    for (const [width, viewport] of WIDTHS)
      it(`farm test at ${width} px (${lang}): sectors by pH, then phosphorus from the keyboard, the orthophoto`, async () => {
        const tr = (key: string, params?: Record<string, string | number>) => text(lang, key, params);
        const page = await open(lang, viewport, ids.farmTest);
        const section = page.getByRole('region', { name: tr('customerTests.testMapTitle') });
        await section.locator('.farm-map__canvas canvas').waitFor({ timeout: T });
        // The map has its box (not a 0 px strip): the canvas fills the map's area.
        expect((await section.locator('canvas.maplibregl-canvas').boundingBox())!.height).toBeGreaterThan(
          250,
        );
        const [mine, other] = [await classes(lang, ids.farmTest), await classes(lang, ids.otherTest)];
        expect(mine.PH_KCL).not.toBe(other.PH_KCL);
        expect(mine.P2O5).not.toBe(other.P2O5);
        const rows = section.locator('.test-map__sectors li');
        await expect.poll(() => rows.count(), { timeout: T }).toBe(2);
        const own = section.locator('.test-map__sectors li[aria-current="true"]');
        await expect.poll(() => own.textContent(), { timeout: T }).toContain(mine.PH_KCL);
        expect(await own.textContent()).toContain(tr('customerTests.thisTest'));
        const legend = section.getByRole('region', { name: tr('farmOrder.legend') });
        expect(await legend.getByRole('heading').textContent()).toBe(
          `${tr('farmOrder.legend')}: ${tr('farmOrder.layer_PH')}`,
        );
        expect(await legend.getByRole('listitem').allTextContents()).toContain(mine.PH_KCL);
        await checkScreen(page, { journey: JOURNEY, step: `${lang}-${width}-farm-ph`, lang });

        // Keyboard: the pH radio, then two arrows to phosphorus.
        await section.getByRole('radio', { name: tr('farmOrder.layer_PH'), exact: true }).focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        expect(
          await section.getByRole('radio', { name: tr('farmOrder.layer_P'), exact: true }).isChecked(),
        ).toBe(true);
        await expect
          .poll(() => legend.getByRole('heading').textContent(), { timeout: T })
          .toBe(`${tr('farmOrder.legend')}: ${tr('farmOrder.layer_P')}`);
        expect(await own.textContent()).toContain(mine.P2O5);
        const otherRow = section.locator('.test-map__sectors li:not([aria-current])');
        expect(await otherRow.textContent()).toContain(other.P2O5);
        expect(await otherRow.getByRole('link').getAttribute('href')).toBe(
          `/soil-tests/${ids.otherTest}/results`,
        );
        await checkScreen(page, { journey: JOURNEY, step: `${lang}-${width}-farm-p`, lang });

        // The orthophoto: the Geoportal WMTS asked with its GetTile parameters.
        const before = requested.length;
        await section.getByRole('radio', { name: tr('farmMap.styleOrthophoto'), exact: true }).check();
        await expect
          .poll(() => requested.slice(before).filter((u) => u.startsWith(ORTHO)).length, { timeout: T })
          .toBeGreaterThan(0);
        const tile = new URL(requested.slice(before).find((u) => u.startsWith(ORTHO))!);
        const q = Object.fromEntries([...tile.searchParams].map(([k, v]) => [k.toUpperCase(), v]));
        expect(q).toMatchObject({ SERVICE: 'WMTS', REQUEST: 'GetTile', LAYER: 'ORTOFOTOMAPA' });
        expect(q.TILEMATRIX).toMatch(/^EPSG:3857:1[5-9]$/);
        await checkScreen(page, { journey: JOURNEY, step: `${lang}-${width}-farm-orthophoto`, lang });
        // Nothing wider than the screen at 375 px.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        // Back to the street map for the next run (the choice is kept per browser, here per context).
        await section.getByRole('radio', { name: tr('farmMap.styleStreets'), exact: true }).check();
      });

  for (const lang of LANGS)
    for (const [width, viewport] of WIDTHS)
      it(`garden tests at ${width} px (${lang}): a marker where the garden is, else words`, async () => {
        const tr = (key: string, params?: Record<string, string | number>) => text(lang, key, params);
        const page = await open(lang, viewport, ids.gardenPlaced);
        const section = page.getByRole('region', { name: tr('customerTests.gardenMapTitle') });
        await section.locator('.farm-map__canvas canvas').waitFor({ timeout: T });
        expect((await section.locator('canvas.maplibregl-canvas').boundingBox())!.height).toBeGreaterThan(
          250,
        );
        const where = section.getByTestId('garden-location');
        expect(await where.textContent()).toContain(lang === 'en' ? '51.24645' : '51,24645');
        expect(await where.textContent()).toContain('Ogród przy domu');
        await checkScreen(page, { journey: JOURNEY, step: `${lang}-${width}-garden-marker`, lang });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );

        await page.goto(`${app.url}/soil-tests/${ids.gardenNowhere}/results`);
        const nowhere = page.getByRole('region', { name: tr('customerTests.gardenMapTitle') });
        await nowhere.getByText(tr('customerTests.gardenNoLocation')).waitFor({ timeout: T });
        expect(await nowhere.locator('canvas').count()).toBe(0);
        await checkScreen(page, { journey: JOURNEY, step: `${lang}-${width}-garden-no-location`, lang });
      });
});
