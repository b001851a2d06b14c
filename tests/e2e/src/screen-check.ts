// What a user reads, checked on every screen a journey visits: `checkScreen(page, { journey, step })`
// keeps a screenshot (test-artifacts/<journey>/<step>.png), reads the visible text (and the
// accessible names a screen reader speaks) and fails on an unfilled `{placeholder}`, a raw enum or
// status code, a catalogue key, English sentences on a Polish or Ukrainian screen, a console error
// or an unexpected 4xx/5xx answer since the previous check, and axe's critical or serious
// violations (WCAG 2.1 AA). Each check is one entry of `CHECKS`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { namespaces } from '@gleba/i18n';
import { ARTIFACTS, fullPageScreenshot } from './browser';
import type { Lang } from './customer';
import { seriousA11yViolations } from './axe-check';

/** What one screen shows, handed to every check. */
export interface Screen {
  page: Page;
  lang: Lang;
  /** The visible text (`innerText` of the body). */
  text: string;
  /** Accessible names and hints not in the visible text: aria-label, title, placeholder, alt. */
  attributes: string[];
  /** Console errors and page errors since the previous check. */
  consoleErrors: string[];
  /** Answers of 400 and above from the app's own origin since the previous check. */
  failedResponses: { status: number; method: string; url: string }[];
  /** Answers the step expects (e.g. a 404 for a bad link's token). */
  expectedResponses: ExpectedResponse[];
}

export interface ExpectedResponse {
  status: number;
  url: RegExp;
}

export type Check = (screen: Screen) => string[] | Promise<string[]>;

/** Not translated on purpose: product and provider names, units, the language names of the switcher. */
export const NAME_ALLOW_LIST = [
  'Gleba',
  'Lumbi',
  'Przelewy24',
  'DPD',
  'Google',
  'Facebook',
  'Apple',
  'OpenStreetMap',
  'MapLibre',
  'Open-Meteo',
  'English',
  'Polski',
  'Українська',
];

/** `{name}` or an unresolved `{count, plural, ...}` left in a text. */
const PLACEHOLDER = /\{\s*[A-Za-z_]\w*\s*(?:,[^{}]*(?:\{[^{}]*\}[^{}]*)*)?\}/g;
/** SCREAMING_SNAKE codes (`PENDING_PAYMENT`, `BASIC_TEST`) and the one-word codes of the contracts. */
const SNAKE_CODE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
const WORD_CODES = new Set([
  'PENDING',
  'PAID',
  'COLLECTION',
  'COURIER',
  'PICKUP',
  'STANDARD',
  'EXPRESS',
  'WOMAN',
  'MAN',
  'PERSONAL',
  'BUSINESS',
  'ORGANIC',
  'HEAVY',
  'MEDIUM',
  'LIGHT',
  'CANCELLED',
  'COMPLETED',
  'LABORATORY',
  'MGO',
  'USER',
  'ADMIN',
  'FARM',
  'GARDEN',
  'ARABLE',
  'GRASSLAND',
]);
const WORD_CODE = /\b[A-Z]{3,}\b/g;
/** JavaScript leaking into the page. */
const JS_LEAKS = /\b(undefined|NaN|null|\[object Object\]|Invalid Date)\b/g;
const KEY = new RegExp(`\\b(?:${Object.keys(namespaces).join('|')})\\.[A-Za-z][A-Za-z0-9_]*\\b`, 'g');
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_TEXT = /\bhttps?:\/\/\S+/g;
/** Words no Polish or Ukrainian sentence uses; two of them in one line make an English sentence. */
const ENGLISH_WORDS = new Set(
  (
    'the and you your with please this that are is was were have has from will would should here ' +
    'there which what when where been not yet our for of into then than they their its it'
  ).split(' '),
);
/** English UI words that give a screen away on their own. */
const ENGLISH_SINGLE = new Set(
  (
    'loading submit cancel save error next back close delete edit settings password dashboard ' +
    'notifications results orders sample samples field fields crop crops plot plots payment account ' +
    'sign search required'
  ).split(' '),
);

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

function scrub(text: string): string {
  let out = text.replace(EMAIL, ' ').replace(URL_TEXT, ' ');
  for (const name of NAME_ALLOW_LIST) out = out.split(name).join(' ');
  return out;
}

function allTexts(s: Screen): string[] {
  return [s.text, ...s.attributes].map(scrub);
}

export const placeholders: Check = (s) =>
  unique(allTexts(s).flatMap((t) => t.match(PLACEHOLDER) ?? [])).map((m) => `unfilled placeholder ${m}`);

export const rawCodes: Check = (s) =>
  unique(
    allTexts(s).flatMap((t) => [
      ...(t.match(SNAKE_CODE) ?? []),
      ...(t.match(WORD_CODE) ?? []).filter((w) => WORD_CODES.has(w)),
      ...(t.match(JS_LEAKS) ?? []),
    ]),
  ).map((m) => `raw code ${m}`);

export const translationKeys: Check = (s) =>
  unique(allTexts(s).flatMap((t) => t.match(KEY) ?? [])).map((m) => `translation key ${m}`);

export const englishOnLocalScreen: Check = (s) => {
  if (s.lang === 'en') return [];
  const found: string[] = [];
  for (const line of allTexts(s).flatMap((t) => t.split('\n'))) {
    const words = line.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
    const common = unique(words.filter((w) => ENGLISH_WORDS.has(w)));
    const single = words.length <= 3 ? words.filter((w) => ENGLISH_SINGLE.has(w)) : [];
    if (common.length >= 2 || single.length > 0)
      found.push(`English on a ${s.lang} screen: "${line.trim()}"`);
  }
  return unique(found);
};

export const consoleErrors: Check = (s) => s.consoleErrors.map((e) => `console error: ${e}`);

export const unexpectedResponses: Check = (s) =>
  s.failedResponses
    .filter((r) => !s.expectedResponses.some((e) => e.status === r.status && e.url.test(r.url)))
    .map((r) => `unexpected ${r.status} ${r.method} ${r.url}`);

/**
 * On a phone every tap target is at least 44 x 44 px: buttons, links, form controls (a checkbox or
 * radio counts with its label), tabs, switches. Links inside a sentence are exempt (WCAG 2.5.5).
 */
export const tapTargets: Check = async (s) => {
  if ((s.page.viewportSize()?.width ?? 1280) >= 768) return [];
  const small = await s.page.evaluate(() => {
    const MIN = 43.5;
    const found: string[] = [];
    const selector =
      'a[href], button, select, textarea, input:not([type=hidden]), summary, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio]';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (el.closest('[aria-hidden="true"], [inert], .maplibregl-ctrl, .maplibregl-canvas-container'))
        continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const input = el as HTMLInputElement;
      if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
        const label =
          el.closest('label') ?? (input.id ? document.querySelector(`label[for="${input.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (el.tagName === 'A' && style.display === 'inline') {
        const parent = el.parentElement;
        const own = (el.textContent ?? '').trim().length;
        if (parent && (parent.textContent ?? '').trim().length > own + 1) continue; // a link in a sentence
      }
      if (box.width >= MIN && box.height >= MIN) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim();
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/).join('.')}` : '';
      const parent = el.parentElement;
      const pcls =
        parent && typeof parent.className === 'string' && parent.className
          ? `.${parent.className.split(/\s+/).join('.')}`
          : '';
      const where = parent ? ` in ${parent.tagName.toLowerCase()}${pcls}` : '';
      const type = el.tagName === 'INPUT' ? `[type=${input.type}]` : '';
      found.push(
        `${Math.round(box.width)}x${Math.round(box.height)} ${el.tagName.toLowerCase()}${type}${cls}${where} "${name.slice(0, 40)}"`,
      );
    }
    return found;
  });
  return unique(small).map((m) => `tap target under 44x44 px: ${m}`);
};

/**
 * axe (WCAG 2.1 AA, critical and serious) at the screen's current width. Once per screen: the
 * Polish pass (layout and roles do not change with the language). `GLEBA_E2E_AXE=0` turns it off.
 */
export const accessibility: Check = (s) =>
  s.lang === 'pl' && process.env.GLEBA_E2E_AXE !== '0' ? seriousA11yViolations(s.page) : [];

/** Every check `checkScreen` runs; one more check is one more line here. */
export const CHECKS: Check[] = [
  placeholders,
  rawCodes,
  translationKeys,
  englishOnLocalScreen,
  consoleErrors,
  unexpectedResponses,
  tapTargets,
  accessibility,
];

interface Watch {
  consoleErrors: string[];
  failedResponses: Screen['failedResponses'];
}
const watches = new WeakMap<Page, Watch>();

/**
 * Starts collecting a page's console errors and failed answers (its own origin only: the map's
 * tiles blocked by `stayLocal` are not the app's). Call it when the page is made, before its
 * first `goto`; `checkScreen` calls it too, for pages made elsewhere.
 */
export function watchScreens(page: Page): void {
  if (watches.has(page)) return;
  const watch: Watch = { consoleErrors: [], failedResponses: [] };
  watches.set(page, watch);
  const own = (url: string) => {
    try {
      return new URL(url).origin === new URL(page.url()).origin;
    } catch {
      return false;
    }
  };
  page.on('pageerror', (e) => watch.consoleErrors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // The browser's own line for a failed request: the answer itself is judged below.
    if (/^Failed to load resource/.test(m.text())) return;
    // A request to another host the suite blocked (map tiles: `stayLocal`), named on the first line.
    const first = m.text().split('\n')[0] ?? '';
    const urls = first.match(/https?:\/\/[^\s)'"]+/g) ?? [];
    if (urls.length > 0 && urls.every((u) => !own(u))) return;
    watch.consoleErrors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && own(r.url()))
      watch.failedResponses.push({ status: r.status(), method: r.request().method(), url: r.url() });
  });
}

/** The file name of a step's screenshot: `pl-1280-dashboard` -> `pl-1280-dashboard.png`. */
export function screenFile(journey: string, step: string): string {
  const dir = path.join(ARTIFACTS, journey);
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${step.replace(/[^a-z0-9-]+/gi, '-')}.png`);
}

export interface CheckOptions {
  journey: string;
  step: string;
  /** The screen's language (pl, en, uk); by default the page's `<html lang>`. */
  lang?: Lang;
  /** Answers of 400 and above this step expects. */
  expect?: ExpectedResponse[];
  /** Extra checks for this step only. */
  checks?: Check[];
}

/**
 * Screenshots the screen as `test-artifacts/<journey>/<step>.png` and runs every check on it;
 * throws one error listing everything found. Console errors and answers are those since the
 * previous check of the page.
 */
export async function checkScreen(page: Page, options: CheckOptions): Promise<void> {
  watchScreens(page);
  const watch = watches.get(page)!;
  await fullPageScreenshot(page, screenFile(options.journey, options.step));
  const { text, attributes, htmlLang } = await page.evaluate(() => {
    const attrs: string[] = [];
    for (const el of Array.from(document.querySelectorAll('[aria-label],[title],[placeholder],img[alt]'))) {
      const hidden = el.closest('[hidden],[aria-hidden="true"]');
      if (hidden) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v) attrs.push(v);
      }
    }
    return { text: document.body.innerText, attributes: attrs, htmlLang: document.documentElement.lang };
  });
  const screen: Screen = {
    page,
    lang: options.lang ?? ((['pl', 'en', 'uk'].includes(htmlLang) ? htmlLang : 'pl') as Lang),
    text,
    attributes,
    consoleErrors: watch.consoleErrors.splice(0),
    failedResponses: watch.failedResponses.splice(0),
    expectedResponses: options.expect ?? [],
  };
  const problems: string[] = [];
  for (const check of [...CHECKS, ...(options.checks ?? [])]) problems.push(...(await check(screen)));
  if (problems.length)
    throw new Error(`${options.journey} / ${options.step}:\n  ${unique(problems).join('\n  ')}`);
}
