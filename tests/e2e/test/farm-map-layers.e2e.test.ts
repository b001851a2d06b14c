// The customer map with its real (default) base-map configuration in Chromium, in Polish: every
// remote tile request is answered by `page.route` (nothing leaves 127.0.0.1). The street map's
// tiles fail as in an outage: the notice shows, the plots and the drawing tools still work, and the
// retry brings the street map back once its server answers. The layer switcher asks the configured
// Geoportal orthophoto WMTS with its parameters, and the cadastral overlay comes from geo's
// `/api/cadastre/wms`, which draws the ULDK simulator's parcels (decision 0053); the choice
// survives a reload. Select on map on that overlay: a click on parcel 302/2 where the overlay
// draws it outlines 302/2 and adds it. The map opens on the farmer's plot, not on the whole
// country. Screenshots: test-artifacts/farm-map-layers/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TPlot, TPosition } from '@gleba/contracts';
import { api, uniqueEmail } from '../src/api';
import { ARTIFACTS, hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { linkIn, waitForMail } from '../src/mail';
import { system } from '../src/system';
import { startMapApp } from '../src/blank-map-app';
import { acceptCookies, text } from '../src/customer';

/** A light green 1x1 PNG: a base-map tile from the "server". */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4cekAAATAAlsyTjYMAAAAAElFTkSuQmCC',
  'base64',
);
const OSM = 'https://tile.openstreetmap.org/';
const ORTHO = 'https://mapy.geoportal.gov.pl/wss/service/PZGIK/ORTO/WMTS/StandardResolution';
/** The simulator's Kuflew precinct (141212_5.0008): metres east/north of its origin to [lng, lat]. */
const KUFLEW: TPosition = [21.8, 52.079];
const kuflew = (x: number, y: number): TPosition => [
  KUFLEW[0]! + x / (111_320 * Math.cos((KUFLEW[1]! * Math.PI) / 180)),
  KUFLEW[1]! + y / 110_574,
];
/** Where the farmer stands (the map flies here at zoom 15): in parcel 302/1 (250-450 m east, 0-500 m north). */
const HOME = kuflew(350, 250);
/** Web Mercator, unit square; MapLibre's world is 512 * 2^zoom px wide. */
const merc = ([lng, lat]: TPosition) =>
  [(lng! + 180) / 360, (1 - Math.log(Math.tan(Math.PI / 4 + (lat! * Math.PI) / 360)) / Math.PI) / 2] as const;
const WORLD_Z15 = 512 * 2 ** 15;

async function newFarmer(): Promise<{ accessToken: string; refreshToken: string }> {
  const email = uniqueEmail('layers');
  const password = 'Pole1234!';
  const reg = await api('/api/auth/register', {
    body: {
      firstName: 'Anna',
      lastName: 'Warstwowa',
      email,
      phoneNumber: '+48600100300',
      genderType: 'WOMAN',
      password,
      confirmPassword: password,
      termsAccepted: true,
      privacyPolicyAccepted: true,
      language: 'pl',
    },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBeLessThan(300);
  const link = linkIn(await waitForMail(email, /activ|aktyw/i), /\/activate\//);
  const token = new URL(link).pathname.split('/').pop()!;
  const activated = await api(`/api/auth/activate/${token}`);
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  return activated.body;
}

describe.runIf(hasChromium())('customer map layers and an unreachable base map in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let app: { url: string; close: () => Promise<void> };
  let tokens: { accessToken: string; refreshToken: string };
  let problems: string[];
  rmSync(path.join(ARTIFACTS, 'farm-map-layers'), { recursive: true, force: true });
  const shot = screenshots('farm-map-layers');
  const requested: string[] = [];
  /** The overlay's requests to geo and the answers' status and type. */
  const overlay: { url: string; status: number; type: string }[] = [];
  let streetsUp = false;
  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 250 });
  const pl = (key: string) => text('pl', `farmMap.${key}`);
  const notice = () => page.getByText(pl('baseMapUnavailable'));
  /** Errors thrown in the page (MapLibre's render loop among them: one there blanks the map). */
  const pageErrors = () => problems.filter((p) => p.startsWith('pageerror'));

  beforeAll(async () => {
    app = await startMapApp(system().gateway, 'layers', {
      VITE_MAP_STYLE: 'geoportal',
      VITE_MAP_OSM_TILES: '',
      VITE_MAP_ORTHOPHOTO_TILES: '',
      VITE_MAP_CADASTRE_WMS: '',
    });
    tokens = await newFarmer();
    const plot = await api<TPlot>('/api/plots', {
      token: tokens.accessToken,
      body: {
        name: 'Pole pod lasem',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [21.8, 52.08],
              [21.802, 52.08],
              [21.802, 52.0812],
              [21.8, 52.0812],
              [21.8, 52.08],
            ],
          ],
        },
      },
    });
    expect(plot.status, JSON.stringify(plot.body)).toBeLessThan(300);
    browser = await launchBrowser();
    context = await newContext(browser, { locale: 'pl-PL', viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ longitude: HOME[0]!, latitude: HOME[1]! });
    await context.addInitScript((t) => {
      localStorage.setItem('token', t.accessToken);
      localStorage.setItem('refresh_token', t.refreshToken);
      localStorage.setItem('lang', 'pl');
      localStorage.setItem('splash_screen_on', 'true');
    }, tokens);
    // Nothing remote: the tile hosts below are answered here, anything else is refused.
    await context.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
      (route: Route) => route.abort('internetdisconnected'),
    );
    await context.route(`${OSM}**`, (route: Route) => {
      requested.push(route.request().url());
      return streetsUp
        ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE })
        : route.abort('internetdisconnected');
    });
    await context.route(`${ORTHO}**`, (route: Route) => {
      requested.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
    });
    context.on('response', (res) => {
      if (res.url().includes('/api/cadastre/wms'))
        overlay.push({ url: res.url(), status: res.status(), type: res.headers()['content-type'] ?? '' });
    });
    page = await context.newPage();
    problems = watchPage(page);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) {
      console.log(problems.join('\n'));
      await shot(page, `failed-${ctx.task.name}`);
    }
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it("opens on the farmer's plot with a notice that the street map is unavailable", async () => {
    await page.goto(`${app.url}/map`);
    await acceptCookies(page, 'pl');
    await page.locator('.farm-map__canvas canvas').waitFor({ timeout: 30_000 });
    await notice().waitFor({ timeout: 20_000 });
    expect(requested.some((u) => u.startsWith(OSM))).toBe(true);
    // Fitted to a 140 m plot: the scale bar counts metres, not the country view's kilometres.
    await poll(async () => (await page.locator('.maplibregl-ctrl-scale').textContent())?.trim()).toMatch(
      /^\d+\s?m$/,
    );
    await shot(page, 'street-map-unavailable');
  });

  it('draws on the neutral background while the notice shows, the panel in view', async () => {
    await page.getByRole('button', { name: pl('drawPlot'), exact: true }).click();
    await poll(() =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName}:${el.textContent}` : '';
      }),
    ).toBe(`H3:${pl('drawPlot')}`);
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    // Bottom left of the map, beside the fitted plot, below the notice and above the scale bar.
    const corners: [number, number][] = [
      [box.x + 15, box.y + box.height - 160],
      [box.x + 75, box.y + box.height - 160],
      [box.x + 75, box.y + box.height - 70],
      [box.x + 15, box.y + box.height - 70],
      [box.x + 15, box.y + box.height - 160],
    ];
    for (const [x, y] of corners) {
      await page.mouse.move(x, y, { steps: 4 });
      await page.mouse.click(x, y);
      await page.waitForTimeout(150);
    }
    await poll(() => page.getByText(/^Powierzchnia \(podgląd\): \d+,?\.?\d* ha$/).count()).toBe(1);
    expect(await notice().isVisible()).toBe(true);
    await shot(page, 'drawing-without-base-map');
    await page.getByRole('button', { name: pl('cancel'), exact: true }).click();
  });

  it('retries: the notice goes once the street map answers again', async () => {
    streetsUp = true;
    await page.getByRole('button', { name: pl('baseMapRetry') }).click();
    await notice().waitFor({ state: 'hidden', timeout: 20_000 });
    // The retry had failed tiles in view: MapLibre's setTiles() made them drawable without an
    // image and every later frame threw "reading 'bind'" (the map went blank). Pan to draw again.
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(1000);
    expect(pageErrors()).toEqual([]);
    await shot(page, 'street-map-back');
  });

  it("switches to the configured orthophoto WMTS and the simulator's cadastral overlay, kept after a reload", async () => {
    await page.getByRole('radio', { name: pl('styleOrthophoto') }).check();
    await poll(() => requested.filter((u) => u.startsWith(ORTHO)).length).toBeGreaterThan(0);
    const tile = new URL(requested.find((u) => u.startsWith(ORTHO))!);
    expect(Object.fromEntries(tile.searchParams)).toMatchObject({
      SERVICE: 'WMTS',
      REQUEST: 'GetTile',
      LAYER: 'ORTOFOTOMAPA',
      TILEMATRIXSET: 'EPSG:3857',
    });
    expect(tile.searchParams.get('TILEMATRIX')).toMatch(/^EPSG:3857:\d+$/);
    expect(tile.searchParams.get('TILEROW')).toMatch(/^\d+$/);
    expect(tile.searchParams.get('TILECOL')).toMatch(/^\d+$/);

    await page.getByRole('checkbox', { name: pl('cadastreOverlay') }).check();
    // On this page's origin (geo forwards to the simulator's WMS), answered with PNG tiles.
    await poll(() => overlay.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(overlay.every((r) => r.url.startsWith(`${app.url}/api/cadastre/wms?`))).toBe(true);
    expect(overlay.find((r) => r.status === 200)!.type).toBe('image/png');
    const wms = new URL(overlay[0]!.url);
    expect(Object.fromEntries(wms.searchParams)).toMatchObject({
      SERVICE: 'WMS',
      REQUEST: 'GetMap',
      LAYERS: 'dzialki,numery_dzialek',
      SRS: 'EPSG:3857',
      WIDTH: '256',
      HEIGHT: '256',
    });
    expect(wms.searchParams.get('BBOX')!.split(',').map(Number).every(Number.isFinite)).toBe(true);
    await shot(page, 'orthophoto-with-parcels');

    await page.reload();
    await page.locator('.farm-map__canvas canvas').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('radio', { name: pl('styleOrthophoto') }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: pl('cadastreOverlay') }).isChecked()).toBe(true);
  });

  it("selects on map on the simulator's overlay: the parcel drawn there is outlined and added", async () => {
    const poll15 = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 200 });
    expect(await page.getByRole('checkbox', { name: pl('cadastreOverlay') }).isChecked()).toBe(true);
    // To the farmer's location in Kuflew at zoom 15 (the map centred on HOME).
    await page.getByRole('button', { name: pl('myLocation'), exact: true }).click();
    await page.waitForTimeout(3500);
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    const [x0, y0] = merc(HOME);
    const to = (p: TPosition) => {
      const [x, y] = merc(p);
      return {
        x: box.x + box.width / 2 + (x - x0) * WORLD_Z15,
        y: box.y + box.height / 2 + (y - y0) * WORLD_Z15,
      };
    };
    const patch = (p: { x: number; y: number }) =>
      page.screenshot({ clip: { x: p.x - 25, y: p.y - 12, width: 50, height: 24 } });
    // The middle of parcel 302/2 (450-750 m east, 0-500 m north): where the overlay writes its number.
    const at = to(kuflew(600, 250));
    // The overlay's tiles there (asked now, or already when the map opened on the plot next door).
    expect(overlay.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    const withOverlay = await patch(at);
    await page.getByRole('checkbox', { name: pl('cadastreOverlay') }).uncheck();
    await poll15(async () => (await patch(at)).equals(withOverlay)).toBe(false);
    const withoutOverlay = await patch(at);
    await page.getByRole('checkbox', { name: pl('cadastreOverlay') }).check();
    await poll15(async () => (await patch(at)).equals(withOverlay)).toBe(true);
    await shot(page, 'overlay-before-select');

    // Select on map, a click on the number the overlay drew: the look-up answers that parcel.
    const panel = page.getByRole('region', { name: pl('selectOnMap') });
    await page.getByRole('button', { name: pl('selectOnMap'), exact: true }).click();
    await page.mouse.move(at.x, at.y, { steps: 3 });
    await page.mouse.click(at.x, at.y);
    await panel
      .getByText(text('pl', 'farmMap.parcelFound', { number: '302/2' }), { exact: true })
      .waitFor({ timeout: 15_000 });
    // Outlined where it was clicked (the selection drawn over the overlay).
    await poll15(async () => (await patch(at)).equals(withOverlay)).toBe(false);
    expect((await patch(at)).equals(withoutOverlay)).toBe(false);
    await shot(page, 'overlay-parcel-selected');
    await panel.getByRole('button', { name: pl('addThisParcel'), exact: true }).click();
    await poll15(async () => {
      const mine = await api<TPlot[]>('/api/plots', { token: tokens.accessToken });
      return mine.body.find((p) => p.terytId === '141212_5.0008.302/2')?.plotNumber;
    }).toBe('302/2');
    // The new plot listed and drawn, nothing thrown: the map still shows the overlay and the plots.
    await page
      .getByRole('region', { name: pl('plots'), exact: true })
      .getByRole('button', { name: /302\/2/ })
      .waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    expect(pageErrors()).toEqual([]);
    await shot(page, 'overlay-parcel-added');
  });
});
