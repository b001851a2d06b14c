// Keyboard-only use in Chromium against the suite's system, in Polish: an empty register form
// announces one summary and puts the focus on the first invalid field (1280 and 375 px); on /map the
// map's own controls are labelled in Polish and a plot is made without a mouse by typing its corners
// as coordinates, saved through the drawing's call. Every screenshot also runs the axe check
// (src/axe-check.ts). Screenshots: test-artifacts/a11y-keyboard/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TPlot } from '@gleba/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, type Customer } from '../src/admin';
import { api } from '../src/api';
import {
  ARTIFACTS,
  DESKTOP,
  MOBILE,
  hasChromium,
  launchBrowser,
  newContext,
  screenshots,
} from '../src/browser';
import { app, markAppVisitor, signedInContext, text } from '../src/customer';
import { stayLocal } from '../src/journey';

const T = 30_000;
const pl = (key: string, params?: Record<string, string | number>) => text('pl', key, params);

describe.runIf(hasChromium())('keyboard-only use in Chromium (pl)', () => {
  let browser: Browser;
  let page: Page | undefined;
  let customer: Customer;
  const contexts: BrowserContext[] = [];
  rmSync(path.join(ARTIFACTS, 'a11y-keyboard'), { recursive: true, force: true });
  const shot = screenshots('a11y-keyboard');

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await newCustomer('a11y-keyboard', 'pl');
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await shot(page, `failed-${ctx.task.name}`);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it.each([
    ['1280', { ...DESKTOP, width: 1280 }],
    ['375', MOBILE],
  ])('register at %s px: one summary alert, focus on the first invalid field', async (width, viewport) => {
    const context = await newContext(browser, { viewport, locale: 'pl-PL' });
    contexts.push(context);
    await markAppVisitor(context);
    page = await context.newPage();
    await page.goto(app('/register'));
    const submit = page.getByRole('button', { name: pl('customer.registerSubmit'), exact: true });
    await submit.focus();
    await page.keyboard.press('Enter');
    const alerts = page.getByRole('alert');
    await alerts.first().waitFor({ timeout: T });
    expect(await alerts.allTextContents()).toEqual([pl('ui.formErrorsSummary', { count: 7 })]);
    const first = page.getByLabel(pl('customer.firstName'), { exact: true });
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    await shot(page, `register-errors-${width}`);
  });

  // Skipped: flaky in the whole suite since the map opens fitted to the plots (the draw panel is

  // seen closed after Enter); the typed-corners form keeps its unit tests in the customer app.

  it('/map: the map controls speak Polish; a plot made from typed corners, keyboard only', async () => {
    const context = await newContext(browser, { viewport: { ...DESKTOP, width: 1280 }, locale: 'pl-PL' });
    contexts.push(context);
    await stayLocal(context);
    await signedInContext(context, customer, { lang: 'pl' });
    page = await context.newPage();
    await page.goto(app('/map'));
    const zoomIn = page.locator('.maplibregl-ctrl-zoom-in');
    await zoomIn.waitFor({ timeout: T });
    expect(await zoomIn.getAttribute('aria-label')).toBe(pl('farmMap.mapCtlZoomIn'));
    expect(await page.locator('.maplibregl-ctrl-zoom-out').getAttribute('aria-label')).toBe(
      pl('farmMap.mapCtlZoomOut'),
    );
    expect(await page.locator('canvas.maplibregl-canvas').getAttribute('aria-label')).toBe(
      pl('farmMap.mapCtlTitle'),
    );

    const draw = page.getByRole('button', { name: pl('farmMap.drawPlot'), exact: true });
    await draw.focus();
    await page.keyboard.press('Enter');
    const typed = page.getByLabel(pl('farmMap.coordsToggle'), { exact: true });
    await typed.focus();
    await page.keyboard.press('Space');
    // About 5 ha near Lublin, typed with Polish decimal commas, a fourth corner added from the keyboard.
    const corners = [
      ['51,2000', '22,5500'],
      ['51,2000', '22,5536'],
      ['51,2018', '22,5536'],
      ['51,2018', '22,5500'],
    ];
    const corner = (n: number) => page!.getByRole('group', { name: pl('farmMap.coordsCorner', { n }) });
    await page.getByRole('button', { name: pl('farmMap.coordsAdd'), exact: true }).focus();
    await page.keyboard.press('Enter');
    for (const [i, [lat, lon]] of corners.entries()) {
      await corner(i + 1)
        .getByLabel(pl('farmMap.coordsLat'), { exact: true })
        .focus();
      await page.keyboard.type(lat!);
      await page.keyboard.press('Tab');
      await page.keyboard.type(lon!);
    }
    await page.getByLabel(pl('farmMap.plotName'), { exact: true }).focus();
    await page.keyboard.type('Pole z klawiatury');
    await shot(page, 'map-corners-typed');
    await page.getByRole('button', { name: pl('farmMap.savePlot'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(/^Działka zapisana/)
      .first()
      .waitFor({ timeout: T });
    await shot(page, 'map-plot-saved');

    const plots = (await api<TPlot[]>('/api/plots', { token: customer.accessToken })).body;
    const made = plots.find((p) => p.name === 'Pole z klawiatury');
    expect(made?.geometry.coordinates[0]).toEqual([
      [22.55, 51.2],
      [22.5536, 51.2],
      [22.5536, 51.2018],
      [22.55, 51.2018],
      [22.55, 51.2],
    ]);
    expect(made!.areaHa).toBeGreaterThan(4);
    expect(made!.areaHa).toBeLessThan(6);
  });
});
