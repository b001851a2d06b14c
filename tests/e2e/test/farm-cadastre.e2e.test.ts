// Plots from the cadastre in Chromium against the real system (identity, geo and the ULDK simulator
// behind the gateway): one added through the cadastral form (voivodeship -> county -> commune ->
// precinct -> number), one by clicking on the map (select on map: ULDK GetParcelByXY through
// `GET /api/cadastre/parcels/at`), and the error paths, each showing its message: a parcel that does
// not exist (form), a click where there is no parcel, the same parcel twice, an overlap beyond the
// limit. The farmer's location is Stojadła, where the simulator's parcels lie (metres east/north of
// the precinct's origin 21.6012 E 52.1523 N: strips 112 (0-60 m), 113 (60-115), 114/1 and 114/2
// (115-185), nothing at 185-300, the L-shaped 120 from 300 m). Blank map style, as in
// farm-map-tools. Screenshots: test-artifacts/farm-cadastre/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TPlot, TPosition } from '@gleba/contracts';
import { api, uniqueEmail } from '../src/api';
import { ARTIFACTS, hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { text, textPattern } from '../src/customer';
import { linkIn, waitForMail } from '../src/mail';
import { system } from '../src/system';
import { startBlankMapApp } from '../src/blank-map-app';

/** A new farmer: registered and activated through the API (the activation e-mail from the mail simulator). */
async function newFarmer(): Promise<{ accessToken: string; refreshToken: string }> {
  const email = uniqueEmail('cadastre');
  const password = 'Pole1234!';
  const reg = await api('/api/auth/register', {
    body: {
      firstName: 'Ewa',
      lastName: 'Katastralna',
      email,
      phoneNumber: '+48600100201',
      genderType: 'WOMAN',
      password,
      confirmPassword: password,
      termsAccepted: true,
      privacyPolicyAccepted: true,
      language: 'en',
    },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBeLessThan(300);
  const link = linkIn(await waitForMail(email, /activ|aktyw/i), /\/activate\//);
  const activated = await api(`/api/auth/activate/${new URL(link).pathname.split('/').pop()!}`);
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  return activated.body;
}

/** The simulator's Stojadła precinct: metres east/north of its origin to [lng, lat] (its own formula). */
const ORIGIN: TPosition = [21.6012, 52.1523];
const stojadla = (x: number, y: number): TPosition => [
  ORIGIN[0]! + x / (111_320 * Math.cos((ORIGIN[1]! * Math.PI) / 180)),
  ORIGIN[1]! + y / 110_574,
];
/** Where the farmer is (the map flies here at zoom 15): inside parcel 120's leg that runs north. */
const HOME = stojadla(400, 250);
/** Web Mercator, unit square; MapLibre's world is 512 * 2^zoom px wide. */
const merc = ([lng, lat]: TPosition) =>
  [(lng! + 180) / 360, (1 - Math.log(Math.tan(Math.PI / 4 + (lat! * Math.PI) / 360)) / Math.PI) / 2] as const;
const WORLD_Z15 = 512 * 2 ** 15;

describe.runIf(hasChromium())('plots from the cadastre in Chromium (form, select on map, errors)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let app: { url: string; close: () => Promise<void> };
  let tokens: { accessToken: string; refreshToken: string };
  let problems: string[];
  rmSync(path.join(ARTIFACTS, 'farm-cadastre'), { recursive: true, force: true });
  const shot = screenshots('farm-cadastre');
  const plots = async () => (await api<TPlot[]>('/api/plots', { token: tokens.accessToken })).body;
  const button = (name: string | RegExp, exact = true) =>
    page.getByRole('button', { name, exact: typeof name === 'string' && exact });
  const en = (key: string, params?: Record<string, string | number>) => text('en', key, params);
  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 200 });
  const pickPanel = () => page.getByRole('region', { name: en('farmMap.selectOnMap') });
  const formPanel = () => page.getByRole('form', { name: en('farmMap.addCadastral') });

  /** Back to the farmer's location at zoom 15 (the map centred on HOME), then page pixels of a position. */
  const home = async () => {
    await button(en('farmMap.myLocation')).click();
    // flyTo: let the animation end.
    await page.waitForTimeout(3500);
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    const [x0, y0] = merc(HOME);
    return (p: TPosition) => {
      const [x, y] = merc(p);
      return {
        x: box.x + box.width / 2 + (x - x0) * WORLD_Z15,
        y: box.y + box.height / 2 + (y - y0) * WORLD_Z15,
      };
    };
  };
  /** A 40 px square of the page around a point (the blank style paints one flat colour where none of our layers is). */
  const patch = (p: { x: number; y: number }) =>
    page.screenshot({ clip: { x: p.x - 20, y: p.y - 20, width: 40, height: 40 } });
  /** Turns select on map on (if off) and clicks the map at `p`. */
  const pickAt = async (p: { x: number; y: number }) => {
    if ((await pickPanel().count()) === 0) await button(en('farmMap.selectOnMap')).click();
    await page.mouse.move(p.x, p.y, { steps: 3 });
    await page.mouse.click(p.x, p.y);
  };

  beforeAll(async () => {
    app = await startBlankMapApp(system().gateway, 'cadastre');
    tokens = await newFarmer();
    browser = await launchBrowser();
    context = await newContext(browser, { locale: 'en-GB' });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ longitude: HOME[0]!, latitude: HOME[1]! });
    await context.addInitScript((t) => {
      localStorage.setItem('token', t.accessToken);
      localStorage.setItem('refresh_token', t.refreshToken);
      localStorage.setItem('lang', 'en');
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

  it("opens the map at the farmer's location", async () => {
    await page.goto(`${app.url}/map`);
    await button('Accept').click();
    await page.locator('.farm-map__canvas canvas').waitFor({ timeout: 30_000 });
    await page.getByText(en('farmMap.noPlots')).waitFor({ timeout: 15_000 });
    await home();
    await shot(page, 'map-at-stojadla');
  });

  it('adds parcel 112 through the cadastral form and shows it in the list and on the map', async () => {
    const to = await home();
    const middleOf112 = to(stojadla(30, 300));
    const before = await patch(middleOf112);
    await button(en('farmMap.addCadastral')).click();
    const form = formPanel();
    const choose = async (label: string, value: string) => {
      const select = form.getByLabel(label, { exact: true });
      await poll(() => select.locator(`option[value="${value}"]`).count()).toBe(1);
      await select.selectOption(value);
    };
    await choose(en('farmMap.voivodeship'), 'MASOVIAN');
    await choose(en('farmMap.county'), '1412');
    await choose(en('farmMap.commune'), '141211_2');
    await choose(en('farmMap.precinct'), '141211_2.0021');
    await form.getByLabel(en('farmMap.plotNumber'), { exact: true }).fill('112');
    await shot(page, 'form-filled');
    await form.getByRole('button', { name: en('farmMap.addPlot'), exact: true }).click();
    await page.getByText(en('farmMap.plotAdded')).first().waitFor({ timeout: 15_000 });
    await button(/^Parcel 112, precinct Stojadła · 3\.\d\d ha$/).waitFor({ timeout: 15_000 });
    const [plot] = await plots();
    expect(plot).toMatchObject({
      kind: 'CADASTRAL',
      terytId: '141211_2.0021.112',
      plotNumber: '112',
      name: 'Parcel 112, precinct Stojadła',
    });
    // On the map: back at the same view, the field's middle is no longer the bare background.
    const to2 = await home();
    expect((await patch(to2(stojadla(30, 300)))).equals(before)).toBe(false);
    await shot(page, 'plot-112-from-form');
  });

  it('refuses a parcel that does not exist, with the message in the form', async () => {
    await button(en('farmMap.addCadastral')).click();
    const form = formPanel();
    for (const [label, value] of [
      ['farmMap.voivodeship', 'MASOVIAN'],
      ['farmMap.county', '1412'],
      ['farmMap.commune', '141211_2'],
      ['farmMap.precinct', '141211_2.0021'],
    ] as const) {
      const select = form.getByLabel(en(label), { exact: true });
      await poll(() => select.locator(`option[value="${value}"]`).count()).toBe(1);
      await select.selectOption(value);
    }
    await form.getByLabel(en('farmMap.plotNumber'), { exact: true }).fill('9999');
    await form.getByRole('button', { name: en('farmMap.addPlot'), exact: true }).click();
    await poll(() => form.getByRole('alert').textContent()).toMatch(
      textPattern('en', 'errors.parcelNotFound'),
    );
    await shot(page, 'form-parcel-not-found');
    expect(await plots()).toHaveLength(1);
    await button(en('farmMap.addCadastral')).click();
  });

  it('selects parcel 113 on the map, outlines and names it, and adds it as a plot', async () => {
    const to = await home();
    const at113 = to(stojadla(87, 300));
    const before = await patch(at113);
    await pickAt(at113);
    const panel = pickPanel();
    await panel
      .getByText(en('farmMap.parcelFound', { number: '113' }), { exact: true })
      .waitFor({ timeout: 15_000 });
    await panel
      .getByText('Precinct Stojadła (0021), commune Mińsk Mazowiecki (gmina wiejska)', {
        exact: true,
      })
      .waitFor();
    await panel.getByText(/^Area: 3\.\d\d ha$/).waitFor();
    // The parcel is outlined where it was clicked.
    await poll(async () => (await patch(at113)).equals(before)).toBe(false);
    await shot(page, 'parcel-113-selected');
    await panel.getByRole('button', { name: en('farmMap.addThisParcel'), exact: true }).click();
    await button(/^Parcel 113, precinct Stojadła · 3\.\d\d ha$/).waitFor({ timeout: 15_000 });
    const added = (await plots()).find((p) => p.terytId === '141211_2.0021.113');
    expect(added).toMatchObject({
      kind: 'CADASTRAL',
      plotNumber: '113',
      precinct: '141211_2.0021',
      commune: '141211_2',
      county: '1412',
      voivodeship: 'MASOVIAN',
    });
    expect(await pickPanel().count()).toBe(0);
    await shot(page, 'plot-113-from-map');
  });

  it('says so where there is no parcel under the click', async () => {
    const to = await home();
    await pickAt(to(stojadla(240, 300)));
    await poll(() => pickPanel().getByRole('alert').textContent()).toMatch(
      textPattern('en', 'errors.noParcelAtPoint'),
    );
    expect(
      await pickPanel()
        .getByRole('button', { name: en('farmMap.addThisParcel') })
        .count(),
    ).toBe(0);
    await shot(page, 'no-parcel-here');
  });

  it('refuses the same parcel twice', async () => {
    const to = await home();
    await pickAt(to(stojadla(30, 450)));
    const panel = pickPanel();
    await panel
      .getByText(en('farmMap.parcelFound', { number: '112' }), { exact: true })
      .waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: en('farmMap.addThisParcel'), exact: true }).click();
    await poll(() => panel.getByRole('alert').textContent()).toMatch(
      textPattern('en', 'errors.plotAlreadyExists'),
    );
    await shot(page, 'parcel-112-twice');
    expect(await plots()).toHaveLength(2);
  });

  it('refuses a parcel that covers a drawn field beyond the overlap limit', async () => {
    // A drawn field over the northern end of parcel 120 (about a quarter of it), added through the API
    // (the map tools have their own suite); the page is loaded again to show it.
    const ring = [
      stojadla(300, 300),
      stojadla(450, 300),
      stojadla(450, 500),
      stojadla(300, 500),
      stojadla(300, 300),
    ];
    const drawn = await api<TPlot>('/api/plots', {
      token: tokens.accessToken,
      body: { name: 'Łąka', geometry: { type: 'Polygon', coordinates: [ring] }, snapToleranceM: 0 },
    });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(201);
    await page.reload();
    await button(/^Łąka · 3\.\d\d ha$/).waitFor({ timeout: 30_000 });
    await page.locator('.farm-map__canvas canvas').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    const to = await home();
    await pickAt(to(stojadla(550, 75)));
    const panel = pickPanel();
    await panel
      .getByText(en('farmMap.parcelFound', { number: '120' }), { exact: true })
      .waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: en('farmMap.addThisParcel'), exact: true }).click();
    // The server's message, in English, with its limit filled in.
    await poll(() => panel.getByRole('alert').textContent()).toMatch(
      /^The plot overlaps an existing one by more than \d+%\.$/,
    );
    await shot(page, 'parcel-120-overlap');
    expect((await plots()).some((p) => p.terytId === '141211_2.0021.120')).toBe(false);
    expect(
      problems.filter((p) => p.startsWith('pageerror') || p.startsWith('5')),
      problems.join('\n'),
    ).toEqual([]);
  });
});
