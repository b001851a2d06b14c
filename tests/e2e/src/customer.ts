// Helpers of the customer app's browser suites (journey-gardener, customer-app): the catalogue's
// texts in any language (so a selector follows packages/i18n), signing in through the app's login
// page, the cookie banner, the unseen-notifications count as the app shows it, PDF downloads.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { t } from '@gleba/i18n';
import { system } from './system';

export type Lang = 'pl' | 'en' | 'uk';

/** A catalogue text (`text('uk', 'customer.loginSubmit')`) with its parameters. */
export function text(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const value = t(lang, key, params);
  if (value === key) throw new Error(`no catalogue text ${key} in ${lang}`);
  return value;
}

/** A catalogue text as an exact-match regular expression; `{param}` placeholders match anything. */
export function textPattern(lang: Lang, key: string): RegExp {
  const escaped = withoutPlurals(text(lang, key))
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{\w+\\?\}/g, '.+?');
  return new RegExp(`^\\s*${escaped}\\s*$`);
}

/** A catalogue text's plural choices (`{count, plural, one {...} other {...}}`) as one placeholder. */
function withoutPlurals(message: string): string {
  let out = '';
  for (let i = 0; i < message.length; i++) {
    const plural = /^\{\w+, plural,/.exec(message.slice(i));
    if (!plural) {
      out += message[i];
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < message.length; j++) {
      if (message[j] === '{') depth++;
      else if (message[j] === '}' && --depth === 0) break;
    }
    out += '{plural}';
    i = j;
  }
  return out;
}

/** The customer app on the suite's gateway. */
export const app = (pathname = '/') => `${system().gateway}${pathname}`;

/** The first visit's splash carousel is skipped (its flag set) in every page of the context. */
export async function skipSplash(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!localStorage.getItem('splash_screen_on')) localStorage.setItem('splash_screen_on', 'true');
  });
}

/** Accepts every cookie category from the banner (then the banner goes). */
export async function acceptCookies(page: Page, lang: Lang): Promise<void> {
  const banner = page.getByRole('region', { name: text(lang, 'ui.cookieBannerTitle') });
  await banner.waitFor({ timeout: 30_000 });
  await banner.getByRole('button', { name: text(lang, 'ui.cookieAccept'), exact: true }).click();
  await banner.waitFor({ state: 'detached', timeout: 10_000 });
}

/** Signs in through the login page (the session lands on the dashboard). */
export async function signIn(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  await page.goto(app('/login'));
  await page.getByLabel(text(lang, 'customer.email'), { exact: true }).fill(email);
  await page.getByLabel(text(lang, 'customer.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(lang, 'customer.loginSubmit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
}

/**
 * The app's visitor cookie (set by the app on its first load): with it the gateway serves the app at
 * `/`, without it the landing page.
 */
export async function markAppVisitor(context: BrowserContext): Promise<void> {
  const url = new URL(system().gateway);
  await context.addCookies([{ name: 'gleba_app', value: '1', domain: url.hostname, path: '/' }]);
}

/**
 * A signed-in context without the login page: the token pair (and `extra` keys) in local storage on
 * the first page, splash skipped, the app's visitor cookie set.
 */
export async function signedInContext(
  context: BrowserContext,
  tokens: { accessToken: string; refreshToken: string },
  extra: Record<string, string> = {},
): Promise<void> {
  await markAppVisitor(context);
  await context.addInitScript(
    ({ tokens, extra }) => {
      if (sessionStorage.getItem('gl-e2e-seeded')) return;
      sessionStorage.setItem('gl-e2e-seeded', '1');
      localStorage.setItem('token', tokens.accessToken);
      localStorage.setItem('refresh_token', tokens.refreshToken);
      localStorage.setItem('splash_screen_on', 'true');
      for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v);
    },
    { tokens, extra },
  );
}

/** Downloads what `click` starts; returns its suggested name and bytes. */
export async function downloadOf(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}
