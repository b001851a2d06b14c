// Debian's Chromium through playwright-core (never a downloaded browser), with screenshots of each
// step kept under tests/e2e/test-artifacts/<suite>/.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { checkScreenA11y } from './axe-check';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(import.meta.dirname, '..', 'test-artifacts');

export function hasChromium(): boolean {
  return existsSync(CHROMIUM);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 375, height: 812 };

/** A fresh browser profile: no storage, the given viewport and browser language. */
export async function newContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; locale?: string; baseURL?: string } = {},
): Promise<BrowserContext> {
  const viewport = options.viewport ?? DESKTOP;
  return browser.newContext({
    viewport,
    locale: options.locale ?? 'pl-PL',
    baseURL: options.baseURL,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    acceptDownloads: true,
  });
}

/**
 * The whole page in one picture, taken by making the viewport as tall as the page (same width) and
 * putting it back. Chromium's own full-page capture (`captureBeyondViewport`) resizes the page's
 * window for a moment — to 1 x 1 px in some cases (playwright#30149) — so width media queries
 * flip: a screen that is another one below 768 px (the field map becomes the "desktop only"
 * notice) was unmounted and mounted again, losing what the journey was doing (a drawing, an open
 * tool), and MapLibre maps came out blank.
 */
export async function fullPageScreenshot(page: Page, file: string): Promise<void> {
  const size = page.viewportSize();
  const height = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0),
  );
  if (!size || height <= size.height) {
    await page.screenshot({ path: file });
    return;
  }
  const scrolled = await page.evaluate(() => [window.scrollX, window.scrollY] as const);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: size.width, height: Math.min(height, 16_000) });
  try {
    // A frame or two for the layout (and a map's canvas) at the new height.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
    await page.waitForTimeout(200);
    await page.screenshot({ path: file });
  } finally {
    await page.setViewportSize(size);
    await page.evaluate(([x, y]) => window.scrollTo(x, y), scrolled);
  }
}

/**
 * Numbered screenshots per suite: `shots('farmer')('dashboard')` -> farmer/01-dashboard.png. Each
 * screen recorded is also checked with axe-core at 1280 and 375 px (`src/axe-check.ts`; a step named
 * `failed-...`, the picture of a failure, is not).
 */
export function screenshots(suite: string) {
  const dir = path.join(ARTIFACTS, suite);
  mkdirSync(dir, { recursive: true });
  let n = 0;
  return async (page: Page, step: string) => {
    n += 1;
    const file = path.join(dir, `${String(n).padStart(2, '0')}-${step.replace(/[^a-z0-9-]+/gi, '-')}.png`);
    await fullPageScreenshot(page, file);
    if (!step.startsWith('failed-')) await checkScreenA11y(page, `${suite}/${step}`);
    return file;
  };
}

/** Collects console errors and failed requests of a page, to print when a step fails. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return problems;
}
