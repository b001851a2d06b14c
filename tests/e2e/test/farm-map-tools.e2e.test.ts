// The customer map's tools in Chromium against the real system (identity, geo behind the gateway):
// draw a field by clicking, snap a second one to it, move it by dragging, undo and redo
// (Ctrl+Z / Ctrl+Shift+Z), divide by a line, merge, a crop with a hole cut out, auto-divide into
// sectors, and a refused divide showing the server's message; undo and redo say what they
// changed; import of a zipped Shapefile and a GML in EPSG:2180 (eWniosekPlus-style), previewed
// with names, numbers, areas and refusals, picked by keyboard, in pl, en and uk at 1280 px. The customer app is built here with VITE_MAP_STYLE=blank (no remote tile: nothing
// leaves 127.0.0.1) and served by a small static server that passes /api to the suite's gateway.
// Screenshots: test-artifacts/farm-map/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TCrop, TPlot, TPosition } from '@gleba/contracts';
import { api, uniqueEmail } from '../src/api';
import { ARTIFACTS, hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { linkIn, waitForMail } from '../src/mail';
import { system } from '../src/system';
import { startBlankMapApp } from '../src/blank-map-app';
import { checkScreen } from '../src/screen-check';
import shpwrite from '@mapbox/shp-write';

/** Where the farmer stands (52.0812 N, 21.8045 E) in EPSG:2180, rounded: easting, northing. */
const HOME_2180: [number, number] = [692_105, 472_048];
const PRJ_2180 =
  'PROJCS["ETRS_1989_Poland_CS92",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",-5300000.0],PARAMETER["Central_Meridian",19.0],PARAMETER["Scale_Factor",0.9993],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
/** A rectangle of EPSG:2180 metres east and north of home (clockwise). */
const grid = (dx: number, dy: number, w: number, h: number): [number, number][] => {
  const [e, n] = [HOME_2180[0] + dx, HOME_2180[1] + dy];
  return [
    [e, n],
    [e, n + h],
    [e + w, n + h],
    [e + w, n],
    [e, n],
  ];
};
/** True area (ha) of a grid rectangle here: grid area over the projection's scale squared. */
const trueHa = (w: number, h: number) => {
  const x = HOME_2180[0] - 500_000;
  const k = 0.9993 * (1 + (x * x) / (2 * 6_382_000 ** 2));
  return (w * h) / (k * k) / 10_000;
};
/** A zipped Shapefile as eWniosekPlus-style exports carry it (OZNACZENIE, NR_DZIALKI, POWIERZCHN). */
async function shapefileZip(fields: { ring: [number, number][]; props: Record<string, unknown> }[]) {
  const zip = (await shpwrite.zip(
    {
      type: 'FeatureCollection',
      features: fields.map((f) => ({
        type: 'Feature',
        properties: f.props,
        geometry: { type: 'Polygon', coordinates: [f.ring] },
      })),
    },
    { outputType: 'nodebuffer', prj: PRJ_2180, types: { polygon: 'dzialki_rolne' } } as never,
  )) as unknown as Buffer;
  return Buffer.from(zip);
}
/** GML 3.2 in EPSG:2180 (urn srsName, northing first). */
const gmlFile = (fields: { name: string; number: string; ring: [number, number][] }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:dr="urn:test:dr">${fields
    .map(
      (f) =>
        `<gml:featureMember><dr:DzialkaRolna><dr:oznaczenie>${f.name}</dr:oznaczenie><dr:nr_dzialki>${f.number}</dr:nr_dzialki><dr:geometria><gml:Polygon srsName="urn:ogc:def:crs:EPSG::2180"><gml:exterior><gml:LinearRing><gml:posList>${f.ring
          .map(([e, n]) => `${n} ${e}`)
          .join(
            ' ',
          )}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></dr:geometria></dr:DzialkaRolna></gml:featureMember>`,
    )
    .join('')}</gml:FeatureCollection>`;

/** A new farmer: registered and activated through the API (the activation e-mail from the mail simulator). */
async function newFarmer(): Promise<{ accessToken: string; refreshToken: string }> {
  const email = uniqueEmail('map');
  const password = 'Pole1234!';
  const reg = await api('/api/auth/register', {
    body: {
      firstName: 'Jan',
      lastName: 'Mapowy',
      email,
      phoneNumber: '+48600100200',
      genderType: 'MAN',
      password,
      confirmPassword: password,
      termsAccepted: true,
      privacyPolicyAccepted: true,
      language: 'en',
    },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBeLessThan(300);
  const link = linkIn(await waitForMail(email, /activ|aktyw/i), /\/activate\//);
  const token = new URL(link).pathname.split('/').pop()!;
  const activated = await api(`/api/auth/activate/${token}`);
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  return activated.body;
}

function bboxOf(ring: TPosition[]): [number, number, number, number] {
  const xs = ring.map((p) => p[0]!);
  const ys = ring.map((p) => p[1]!);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Web Mercator, unit square. */
const merc = ([lng, lat]: TPosition) =>
  [(lng! + 180) / 360, (1 - Math.log(Math.tan(Math.PI / 4 + (lat! * Math.PI) / 360)) / Math.PI) / 2] as const;

const same = (a: TPosition, b: TPosition) => a[0] === b[0] && a[1] === b[1];
const outer = (p: { geometry: TPlot['geometry'] }) =>
  p.geometry.type === 'Polygon' ? p.geometry.coordinates[0]! : p.geometry.coordinates[0]![0]!;

describe.runIf(hasChromium())('customer map tools in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let app: { url: string; close: () => Promise<void> };
  let tokens: { accessToken: string; refreshToken: string };
  let problems: string[];
  rmSync(path.join(ARTIFACTS, 'farm-map'), { recursive: true, force: true });
  const shot = screenshots('farm-map');
  const plots = async () => (await api<TPlot[]>('/api/plots', { token: tokens.accessToken })).body;
  const crops = async () => (await api<TCrop[]>('/api/crops', { token: tokens.accessToken })).body;

  /** The map canvas's centre in page pixels; the drawings below are offsets from it. */
  let cx = 0;
  let cy = 0;
  const at = (dx: number, dy: number) => ({ x: cx + dx, y: cy + dy });
  const click = async (dx: number, dy: number) => {
    const p = at(dx, dy);
    await page.mouse.move(p.x, p.y, { steps: 4 });
    await page.mouse.click(p.x, p.y);
    await page.waitForTimeout(150);
  };
  const polygon = async (points: [number, number][]) => {
    for (const [dx, dy] of points) await click(dx, dy);
    await click(points[0]![0], points[0]![1]);
  };
  /**
   * Page pixels of a position once the map was fitted to `item` (MapLibre fitBounds with 60 px
   * padding: the bounds centred, as large as fits) and then zoomed out by `shrink`.
   */
  const fittedTo = async (item: { geometry: TPlot['geometry'] }, shrink = 1) => {
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    const [w, s, e, n] = bboxOf(outer(item));
    const [x0, y0] = merc([w, n]);
    const [x1, y1] = merc([e, s]);
    const scale = Math.min((box.width - 120) / (x1 - x0), (box.height - 120) / (y1 - y0)) / shrink;
    cx = box.x + box.width / 2;
    cy = box.y + box.height / 2;
    return (p: TPosition) => {
      const [x, y] = merc(p);
      return { x: cx + (x - (x0 + x1) / 2) * scale, y: cy + (y - (y0 + y1) / 2) * scale };
    };
  };
  const toast = (text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: 15_000 });
  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 200 });
  const button = (name: string | RegExp) =>
    page.getByRole('button', { name, exact: typeof name === 'string' });

  beforeAll(async () => {
    app = await startBlankMapApp(system().gateway, 'map');
    tokens = await newFarmer();
    browser = await launchBrowser();
    context = await newContext(browser, { locale: 'en-GB' });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 52.0812, longitude: 21.8045 });
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

  it("opens the map and flies to the farmer's location", async () => {
    await page.goto(`${app.url}/map`);
    await button('Accept').click();
    const canvas = page.locator('.farm-map__canvas canvas');
    await canvas.waitFor({ timeout: 30_000 });
    await button('My location').click();
    // flyTo to zoom 15 (about 3 m a pixel here): let the animation end.
    await page.waitForTimeout(3000);
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    cx = box.x + box.width / 2;
    cy = box.y + box.height / 2;
    await shot(page, 'map-at-location');
  });

  it('draws a field by clicking on the map', async () => {
    await button('Draw a plot').click();
    await polygon([
      [-330, -150],
      [-130, -150],
      [-130, 50],
      [-330, 50],
    ]);
    await poll(() => page.getByText(/^Area \(preview\): \d+\.\d\d ha$/).count()).toBe(1);
    await page.getByLabel('Plot name').fill('Pole A');
    await shot(page, 'field-a-drawn');
    await button('Save plot').click();
    await toast(/Plot saved \(\d+\.\d\d ha\)\./);
    const [a] = await plots();
    expect(a).toMatchObject({ name: 'Pole A' });
    expect(outer(a!)).toHaveLength(5);
  });

  it("snaps a second field to the first field's vertices", async () => {
    const a = (await plots()).find((p) => p.name === 'Pole A')!;
    await button('Draw a plot').click();
    // Saving selected the first field and fitted the map to it; one step out makes room beside it.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForTimeout(1200);
    const screen = await fittedTo(a, 2);
    const [w, s, e, n] = bboxOf(outer(a));
    const ne = screen([e, n]);
    const se = screen([e, s]);
    void w;
    // Its left corners a few pixels off the first field's right corners: they land on them.
    const points: [number, number][] = [
      [ne.x + 3 - cx, ne.y - 2 - cy],
      [ne.x + 150 - cx, ne.y - cy],
      [se.x + 150 - cx, se.y - cy],
      [se.x + 2 - cx, se.y + 3 - cy],
    ];
    await polygon(points);
    await page.getByLabel('Plot name').fill('Pole B');
    await shot(page, 'field-b-drawn');
    await button('Save plot').click();
    await toast(/Plot saved/);
    const all = await plots();
    const b = all.find((p) => p.name === 'Pole B')!;
    const shared = outer(b).filter((v) => outer(a).some((x) => same(v, x)));
    expect(shared.length).toBeGreaterThanOrEqual(2);
    await shot(page, 'field-b-snapped');
  });

  it('moves the second field by dragging, then undoes and redoes it with the keyboard', async () => {
    const before = (await plots()).find((p) => p.name === 'Pole B')!;
    await button(/^Pole B · /).click();
    await page.waitForTimeout(1200);
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    cx = box.x + box.width / 2;
    cy = box.y + box.height / 2;
    await button('Move').click();
    await page.waitForTimeout(300);
    // fitBounds centred the field: drag it from its middle 60 px to the right.
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 30, cy, { steps: 5 });
    await page.mouse.move(cx + 60, cy, { steps: 5 });
    await page.mouse.up();
    await toast(/Moved by \d+\.\d m\./);
    const moved = (await plots()).find((p) => p.name === 'Pole B')!;
    expect(outer(moved)[0]![0]).toBeGreaterThan(outer(before)[0]![0]!);
    await shot(page, 'field-b-moved');
    await page.getByRole('region', { name: 'Move' }).getByRole('button', { name: 'Close' }).click();

    // Each step says what it took back or brought back.
    const said = (text: RegExp) => page.getByRole('status').filter({ hasText: text }).waitFor();
    await page.keyboard.press('Control+z');
    await poll(async () => outer((await plots()).find((p) => p.name === 'Pole B')!)).toEqual(outer(before));
    await said(/^Move undone: Pole B, now \d+\.\d\d ha\.$/);
    await page.keyboard.press('Control+Shift+z');
    await poll(async () => outer((await plots()).find((p) => p.name === 'Pole B')!)).toEqual(outer(moved));
    await said(/^Move redone: Pole B, now \d+\.\d\d ha\.$/);
    await shot(page, 'field-b-redone');
    await button('Undo').click();
    await poll(async () => outer((await plots()).find((p) => p.name === 'Pole B')!)).toEqual(outer(before));
    await said(/^Move undone: Pole B/);
  });

  it('divides the first field by a line, refusing a line that does not cross it', async () => {
    await button(/^Pole A · /).click();
    await page.waitForTimeout(1200);
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    cx = box.x + box.width / 2;
    cy = box.y + box.height / 2;
    await button('Divide by a line').click();
    // Inside the field only: the server refuses it with its message.
    await click(-10, -10);
    await click(10, 10);
    await click(10, 10);
    await button('Divide').click();
    await poll(() => page.getByRole('alert').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/cross|line/i)]),
    );
    await shot(page, 'divide-refused');
    await button('Clear').click();
    await page.waitForTimeout(300);
    const height = (await page.locator('.farm-map__canvas').boundingBox())!.height;
    await click(0, -height / 2 + 20);
    await click(0, height / 2 - 20);
    await click(0, height / 2 - 20);
    await button('Divide').click();
    await toast('Divided into 2 parts.');
    await poll(async () => (await plots()).filter((p) => p.name.startsWith('Pole A')).length).toBe(2);
    await shot(page, 'field-a-divided');
  });

  it('merges the two halves back into one field', async () => {
    await button('Merge plots').click();
    const halves = (await plots()).filter((p) => p.name.startsWith('Pole A'));
    for (const h of halves)
      await page.getByRole('checkbox', { name: `Merge: ${h.name}`, exact: true }).check();
    await button(/^Merge the ticked \(2\)$/).click();
    await toast('Plots merged.');
    await poll(async () => (await plots()).filter((p) => p.name.startsWith('Pole A')).length).toBe(1);
    await shot(page, 'field-a-merged');
  });

  it('puts a crop on the field, cuts a hole in it and divides it into sectors', async () => {
    await button(/^Pole A · /).click();
    await page.waitForTimeout(1200);
    await button('Add crop').click();
    const plant = page.getByLabel('Plant');
    await poll(() => plant.locator('option').count()).toBeGreaterThan(1);
    await plant.selectOption({ index: 1 });
    await button('Save crop').click();
    await toast('Crop added.');
    await page.waitForTimeout(1200);
    const box = (await page.locator('.farm-map__canvas').boundingBox())!;
    cx = box.x + box.width / 2;
    cy = box.y + box.height / 2;

    await button('Cut out a shape').click();
    // More than terra-draw's 40 px closing distance apart, so each click adds a vertex.
    await polygon([
      [-45, -45],
      [45, -45],
      [45, 45],
      [-45, 45],
    ]);
    await button('Cut out').click();
    await toast('The shape was cut out.');
    const [crop] = await crops();
    const rings =
      crop!.geometry.type === 'Polygon' ? crop!.geometry.coordinates : crop!.geometry.coordinates[0]!;
    expect(rings).toHaveLength(2);
    expect(rings[1]).toHaveLength(5);
    await shot(page, 'crop-with-hole');

    await button('Divide into sectors').click();
    await toast(/The crop was divided into \d+ sectors\./);
    const [divided] = await crops();
    expect(divided!.divided).toBe(true);
    expect(divided!.sectors.length).toBeGreaterThan(1);
    await poll(() => page.getByText(`Sectors: ${divided!.sectors.length}`).count()).toBe(1);
    await shot(page, 'crop-sectors');
    expect(
      problems.filter((p) => p.startsWith('pageerror') || p.startsWith('5')),
      problems.join('\n'),
    ).toEqual([]);
  });

  it('imports a zipped Shapefile and a GML in EPSG:2180: preview, pick by keyboard, the plots added', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await button('Import and export').click();
    const fileInput = page.getByLabel('Import fields (GML, zipped Shapefile, GeoJSON, KML)');
    const zip = await shapefileZip([
      {
        ring: grid(1500, 1500, 300, 200),
        props: { OZNACZENIE: 'Pole z wniosku', NR_DZIALKI: '15/3', POWIERZCHN: 6 },
      },
      { ring: grid(2000, 1500, 100, 100), props: { OZNACZENIE: 'Laka', NR_DZIALKI: '16' } },
      {
        ring: [
          [HOME_2180[0] + 2500, HOME_2180[1] + 1500],
          [HOME_2180[0] + 2600, HOME_2180[1] + 1600],
          [HOME_2180[0] + 2600, HOME_2180[1] + 1500],
          [HOME_2180[0] + 2500, HOME_2180[1] + 1600],
          [HOME_2180[0] + 2500, HOME_2180[1] + 1500],
        ],
        props: { OZNACZENIE: 'Krzyzowka' },
      },
    ]);
    await fileInput.setInputFiles({ name: 'wniosek-2026.zip', mimeType: 'application/zip', buffer: zip });
    const heading = page.getByRole('heading', { name: 'Fields in wniosek-2026.zip: 3' });
    await heading.waitFor({ timeout: 30_000 });
    await page.getByText('Cannot be added: The edges of a shape cannot cross.').waitFor();
    const refused = page.getByRole('checkbox', { name: 'Krzyzowka' });
    expect(await refused.isDisabled()).toBe(true);
    await checkScreen(page, { journey: 'farm-map-import', step: 'en-1280-preview-shapefile', lang: 'en' });
    // Keyboard: Tab from the heading reaches the first tick; Tab again the second, Space unticks it.
    await heading.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Laka · no. 16' }).isChecked()).toBe(false);
    await button('Add the ticked (1)').focus();
    await page.keyboard.press('Enter');
    await toast('Imported plots: 1, skipped: 0.');
    await poll(async () => (await plots()).filter((p) => p.name === 'Pole z wniosku').length).toBe(1);
    const added = (await plots()).find((p) => p.name === 'Pole z wniosku')!;
    expect(added.plotNumber).toBe('15/3');
    expect(Math.abs(added.areaHa - trueHa(300, 200)) / trueHa(300, 200)).toBeLessThan(0.001);
    expect((await plots()).some((p) => p.name === 'Laka')).toBe(false);
    await page
      .getByRole('button', { name: /^Pole z wniosku · / })
      .first()
      .waitFor();

    await fileInput.setInputFiles({
      name: 'wniosek.gml',
      mimeType: 'application/gml+xml',
      buffer: Buffer.from(
        gmlFile([{ name: 'Działka GML', number: '17/1', ring: grid(1500, 2000, 200, 200) }]),
      ),
    });
    await page.getByRole('heading', { name: 'Fields in wniosek.gml: 1' }).waitFor({ timeout: 30_000 });
    await checkScreen(page, { journey: 'farm-map-import', step: 'en-1280-preview-gml', lang: 'en' });
    await button('Add the ticked (1)').click();
    await toast('Imported plots: 1, skipped: 0.');
    await poll(async () => (await plots()).filter((p) => p.name === 'Działka GML').length).toBe(1);
    const gml = (await plots()).find((p) => p.name === 'Działka GML')!;
    expect(Math.abs(gml.areaHa - trueHa(200, 200)) / trueHa(200, 200)).toBeLessThan(0.001);
    await page
      .getByRole('button', { name: /^Działka GML · / })
      .first()
      .waitFor();
    await shot(page, 'imported-shapefile-and-gml');

    // The same preview in Polish and Ukrainian (the shape on a plot already added is refused: overlap).
    const again = gmlFile([
      { name: 'Działka GML', number: '17/1', ring: grid(1500, 2000, 200, 200) },
      { name: 'Nowe pole', number: '18', ring: grid(1500, 2500, 200, 150) },
    ]);
    // Each language in a browser profile of its own (this one's start script sets English).
    const consent = await page.evaluate(() => localStorage.getItem('cookie_consent'));
    for (const [lang, tool, title, refusal] of [
      ['pl', 'Import i eksport', 'Pola w pliku wniosek.gml: 2', 'Nie można dodać:'],
      ['uk', 'Імпорт і експорт', 'Поля у файлі wniosek.gml: 2', 'Не можна додати:'],
    ] as const) {
      const ctx = await newContext(browser, { locale: lang, viewport: { width: 1280, height: 900 } });
      await ctx.addInitScript(
        ([t, l, c]) => {
          localStorage.setItem('token', t.accessToken);
          localStorage.setItem('refresh_token', t.refreshToken);
          localStorage.setItem('lang', l);
          localStorage.setItem('splash_screen_on', 'true');
          if (c) localStorage.setItem('cookie_consent', c);
        },
        [tokens, lang, consent] as const,
      );
      const local = await ctx.newPage();
      try {
        await local.goto(`${app.url}/map`);
        await local.locator('.farm-map__canvas canvas').waitFor({ timeout: 30_000 });
        await local.getByRole('button', { name: tool, exact: true }).click();
        await local.locator('.farm-map__file input').setInputFiles({
          name: 'wniosek.gml',
          mimeType: 'application/gml+xml',
          buffer: Buffer.from(again),
        });
        await local.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 });
        await local.getByText(refusal).first().waitFor();
        await checkScreen(local, { journey: 'farm-map-import', step: `${lang}-1280-preview-gml`, lang });
      } finally {
        await ctx.close();
      }
    }
  });
});
