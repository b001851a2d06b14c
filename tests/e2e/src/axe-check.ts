// axe-core over the screens the journeys visit: WCAG 2.0 A/AA and 2.1 AA rules, and no critical or
// serious violation allowed. `screenshots()` (src/browser.ts) calls `checkScreenA11y` for every
// step it records, so each screen a journey shows is checked without a line in the journey.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
/** The widths every screen is checked at: a desktop and a phone. */
export const A11Y_WIDTHS = [1280, 375] as const;
const MOBILE_MAX = 767;

/**
 * Routes whose screen is a different one on the other side of 768 px (the farm map and the order
 * wizard become a "desktop only" notice, the onboarding wizard changes form): resizing them would
 * unmount what the journey is in the middle of, so they are checked at their own kind of width.
 */
const WIDTH_BOUND = [/^\/map\b/, /^\/orders\/new\b/, /^\/onboarding\b/, /^\/$/];

interface Found {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  // Evaluated through the DevTools protocol: the pages' CSP (no inline scripts) does not apply.
  if (!present) await page.evaluate(axe.source);
}

/** The critical and serious violations on the page as it is now, one line per rule and element. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const found = await page.evaluate(async (tags) => {
    const w = window as unknown as { axe: typeof axe };
    const result = await w.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map(
        (n) =>
          `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`,
      ),
    }));
  }, AXE_TAGS);
  return (found as Found[])
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.targets.map((t) => `${v.id} [${v.impact}] ${v.help}: ${t}`));
}

/** Fails with every critical or serious violation of the page as it is now, named by `label`. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const found = await seriousA11yViolations(page);
  if (found.length > 0)
    throw new Error(`accessibility (axe, ${AXE_TAGS.join(', ')}) on ${label}:\n  ${found.join('\n  ')}`);
}

async function settle(page: Page): Promise<void> {
  // Media-query listeners re-render on resize; two frames and a short pause let React commit.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForTimeout(150);
}

/**
 * The screen as it is now at 1280 and 375 px (the viewport is changed and put back), or at the
 * width of its own kind for routes that are another screen on the other side of 768 px.
 * `GLEBA_E2E_AXE=0` turns the check off (e.g. while writing a new journey); `GLEBA_E2E_AXE=report`
 * writes what it finds to `test-artifacts/axe-report.txt` instead of failing, so one run lists the
 * violations of every screen.
 */
export async function checkScreenA11y(page: Page, label: string): Promise<void> {
  if (process.env.GLEBA_E2E_AXE === '0') return;
  const url = page.url();
  if (!/^https?:/.test(url)) return;
  const original = page.viewportSize();
  if (!original) return expectNoSeriousA11yViolations(page, label);
  const mobileNow = original.width <= MOBILE_MAX;
  const pathname = new URL(url).pathname;
  // An open menu or dialog would close when the layout switches: keep the screen as it is.
  const transient = (await page.locator('[aria-expanded="true"], [role="dialog"]').count()) > 0;
  const bound = transient || WIDTH_BOUND.some((re) => re.test(pathname));
  const widths = A11Y_WIDTHS.filter((w) => !bound || w <= MOBILE_MAX === mobileNow);
  const problems: string[] = [];
  try {
    for (const width of widths) {
      if (page.viewportSize()?.width !== width) {
        await page.setViewportSize({ width, height: original.height });
        await settle(page);
      }
      const found = await seriousA11yViolations(page);
      if (found.length > 0) problems.push(`at ${width} px:\n  ${found.join('\n  ')}`);
    }
  } finally {
    if (page.viewportSize()?.width !== original.width) {
      await page.setViewportSize(original);
      await settle(page);
    }
  }
  if (problems.length === 0) return;
  const message = `accessibility (axe, ${AXE_TAGS.join(', ')}) on ${label} ${url}\n${problems.join('\n')}`;
  if (process.env.GLEBA_E2E_AXE !== 'report') throw new Error(message);
  const dir = path.resolve(import.meta.dirname, '..', 'test-artifacts');
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'axe-report.txt'), `${message}\n\n`);
}
