// The suite's system answers through the gateway and both SPAs load in Chromium: the base the
// journeys build on.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO_FARMER, login } from '../src/api';
import { hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { system } from '../src/system';

describe.runIf(hasChromium())('system smoke', () => {
  let browser: Browser;
  const shot = screenshots('smoke');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('answers through the gateway with the seeded demo users', async () => {
    const ready = await fetch(`${system().gateway}/health/ready`);
    expect(ready.status).toBe(200);
    const tokens = await login(DEMO_FARMER.email, DEMO_FARMER.password);
    const me = await api('/api/users/me', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(DEMO_FARMER.email);
  });

  it('the CMS pages come from the WordPress simulator through the gateway (/cms)', async () => {
    for (const [slug, lang, text] of [
      ['faq', 'pl', 'nakłuć'],
      ['terms-and-privacy-policy', 'en', 'Privacy policy'],
      ['faq', 'uk', 'проколів'],
    ] as const) {
      const res = await fetch(`${system().gateway}/cms/wp-json/wp/v2/pages?slug=${slug}&lang=${lang}`);
      expect(res.status, `${slug} ${lang}`).toBe(200);
      const pages = (await res.json()) as { content: { rendered: string } }[];
      expect(pages[0]!.content.rendered).toContain(text);
    }
  });

  it('signs the demo farmer in through the customer app', async () => {
    const context = await newContext(browser, { locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${system().gateway}/login`);
    await page.evaluate("localStorage.setItem('splash_screen_on', 'true')");
    await page.goto(`${system().gateway}/login`);
    await page
      .getByLabel(/e-mail/i)
      .first()
      .fill(DEMO_FARMER.email);
    await page
      .getByLabel(/password|hasło|пароль/i)
      .first()
      .fill(DEMO_FARMER.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await shot(page, 'farmer-signed-in');
    expect(
      problems.filter((p) => p.startsWith('5')),
      problems.join('\n'),
    ).toEqual([]);
    await context.close();
  });
});
