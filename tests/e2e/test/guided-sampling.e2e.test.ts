// Guided sampling on the phone (decision 0058) in Chromium at 375 px:
// a customer with a paid farm order opens the sampling screen from My orders, with a faked
// position (`context.setGeolocation`, the 'geolocation' permission granted) walks to the planned
// points and taps "Taken" at each; half-way the context goes offline (`context.setOffline(true)`),
// the screen reloads from the service worker's cache with the plan kept on the phone, the rest of
// the punctures queue; back online they are sent. The admin's order detail then shows them, and
// the screen is looked at in English and Ukrainian. Screenshots: test-artifacts/guided-sampling/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TSamplingPlan } from '@gleba/contracts';
import { eventually, newCustomer, placeFarmOrder, type Customer } from '../src/admin';
import { api } from '../src/api';
import {
  ARTIFACTS,
  DESKTOP,
  MOBILE,
  hasChromium,
  launchBrowser,
  newContext,
  screenshots,
  watchPage,
} from '../src/browser';
import { app, signedInContext, text, type Lang } from '../src/customer';
import { checkScreen } from '../src/screen-check';
import { system } from '../src/system';

const T = 30_000;
const JOURNEY = 'guided-sampling';
const consent = (lang: Lang) => ({
  lang,
  cookie_consent: JSON.stringify({
    consent: { necessary: true, commercial: false, social: true },
    expiresAt: Date.now() + 86_400_000,
  }),
});

describe.runIf(hasChromium())('guided sampling on the phone, offline half-way, seen by the admin', () => {
  let browser: Browser;
  let customer: Customer;
  let order: { id: string; orderNumber: string };
  let plan: TSamplingPlan;
  let context: BrowserContext;
  let page: Page;
  const contexts: BrowserContext[] = [];
  const pages: { page: Page; problems: string[] }[] = [];
  rmSync(path.join(ARTIFACTS, JOURNEY), { recursive: true, force: true });
  const shot = screenshots(JOURNEY);
  const pl = (key: string, params?: Record<string, string | number>) => text('pl', key, params);
  const points = () => plan.samples[0]!.pattern.points;
  /** Stands at `[lng, lat]` moved `northM` metres north. */
  const standAt = (p: [number, number], northM = 0, accuracy = 4) =>
    context.setGeolocation({ longitude: p[0], latitude: p[1] + northM / 111_320, accuracy });
  const taken = async () =>
    (await api<TSamplingPlan>(`/api/orders/${order.id}/sampling`, { token: customer.accessToken })).body
      .samples[0]!.taken;

  async function open(lang: Lang, tokens: { accessToken: string; refreshToken: string }) {
    const c = await newContext(browser, { viewport: MOBILE, locale: lang === 'pl' ? 'pl-PL' : lang });
    contexts.push(c);
    await c.grantPermissions(['geolocation'], { origin: system().gateway });
    await signedInContext(c, tokens, consent(lang));
    const p = await c.newPage();
    pages.push({ page: p, problems: watchPage(p) });
    return { c, p };
  }

  /** Stands at point `i`, waits for the screen to say so, taps "Taken". */
  async function take(i: number, northM = 0) {
    await standAt(points()[i]!, northM);
    if (northM === 0)
      await page.getByText(pl('sampling.here', { m: 5 }), { exact: true }).waitFor({ timeout: T });
    await page.getByRole('button', { name: pl('sampling.taken', { n: i + 1 }), exact: true }).click();
    await page.getByText(pl('sampling.recorded', { n: i + 1 }), { exact: true }).waitFor({ timeout: T });
  }

  beforeAll(async () => {
    customer = await newCustomer('sampling', 'pl');
    order = await placeFarmOrder(customer);
    plan = (
      await eventually(
        'the sampling plan',
        () => api<TSamplingPlan>(`/api/orders/${order.id}/sampling`, { token: customer.accessToken }),
        (r) => r.status === 200 && r.body.samples[0]?.pattern.points.length === 10,
      )
    ).body;
    browser = await launchBrowser();
    ({ c: context, p: page } = await open('pl', customer));
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    for (const [i, { page: p, problems }] of pages.entries()) {
      if (!p.isClosed()) await shot(p, `failed-${ctx.task.name}-${i}`).catch(() => undefined);
      if (problems.length) console.error(problems.join('\n'));
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('is reached from My orders; shows the sector, ten points, the position and the way to the first', async () => {
    expect(plan.open).toBe(true);
    // Ten points inside the crop's outline, a headland kept.
    expect(plan.samples[0]!.pattern.headlandM).toBeGreaterThan(0);
    // The service worker takes over first, so the screen opens offline later.
    await page.goto(app('/orders'));
    await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      const worker = ready.active!;
      if (worker.state !== 'activated')
        await new Promise<void>((done) =>
          worker.addEventListener('statechange', () => worker.state === 'activated' && done()),
        );
    });
    await page.reload();
    await standAt(points()[0]!, -60, 12);
    await page
      .getByRole('link', { name: pl('sampling.openLink'), exact: true })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === `/orders/${order.id}/sampling`, { timeout: T });
    await page
      .getByRole('heading', { name: pl('sampling.nextPoint', { n: 1, count: 10 }) })
      .waitFor({ timeout: T });
    await page.getByText(pl('sampling.positionAccuracy', { m: 12 }), { exact: true }).waitFor({ timeout: T });
    // 60 m south of point 1: the way is north, in words beside the arrow.
    await page.getByText(pl('sampling.distanceTo', { m: 60, direction: pl('sampling.N'), deg: 0 })).waitFor({
      timeout: T,
    });
    const sketch = page.locator('svg.gl-sketch__svg');
    expect(await sketch.getAttribute('aria-label')).toBe(
      pl('sampling.mapLabel', {
        name: [plan.samples[0]!.fieldName, plan.samples[0]!.sectorName].filter(Boolean).join(' / '),
      }),
    );
    expect(await sketch.getAttribute('role')).toBe('img');
    expect(await sketch.locator('.gl-sketch__point').count()).toBe(10);
    expect(await sketch.locator('.gl-sketch__you').count()).toBe(1);
    // The live region names the next point once, not every position.
    expect(
      await page
        .getByRole('status')
        .filter({
          hasText: pl('sampling.announceNext', {
            n: 1,
            count: 10,
            m: 60,
            direction: pl('sampling.N'),
          }),
        })
        .count(),
    ).toBe(1);
    await checkScreen(page, { journey: JOURNEY, step: 'pl-375-start', lang: 'pl' });
    await shot(page, 'start');
  });

  it('online: five punctures at their points are saved at once', async () => {
    for (let i = 0; i < 5; i += 1) await take(i);
    await page.getByText(pl('sampling.synced'), { exact: true }).waitFor({ timeout: T });
    await expect.poll(async () => (await taken()).length, { timeout: T }).toBe(5);
    expect((await taken()).map((p) => p.pointIndex)).toEqual([0, 1, 2, 3, 4]);
    await page.getByRole('heading', { name: pl('sampling.nextPoint', { n: 6, count: 10 }) }).waitFor();
    await shot(page, 'five-taken-online');
  });

  it('offline: the screen reopens from the cache with the plan on the phone; the rest queue', async () => {
    await context.setOffline(true);
    await page.reload();
    await page.getByText(pl('sampling.offlinePlan'), { exact: true }).waitFor({ timeout: T });
    await page
      .getByRole('heading', { name: pl('sampling.nextPoint', { n: 6, count: 10 }) })
      .waitFor({ timeout: T });
    for (let i = 5; i < 9; i += 1) await take(i);
    // The last one 40 m from its point: recorded, with a warning.
    await take(9, 40);
    await page
      .getByRole('alert')
      .getByText(pl('sampling.warnFar', { m: 40 }), { exact: true })
      .waitFor();
    await page.getByText(pl('sampling.pending', { count: 5 }), { exact: true }).waitFor({ timeout: T });
    await page.getByText(pl('sampling.allTaken')).first().waitFor();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('gleba_offline_punctures') ?? '[]').length),
    ).toBe(5);
    expect((await taken()).length).toBe(5);
    await checkScreen(page, { journey: JOURNEY, step: 'pl-375-offline-queued', lang: 'pl' });
    await shot(page, 'offline-queued');
  });

  it('back online: the queued punctures are sent and every one is on the server', async () => {
    await context.setOffline(false);
    await page.getByText(pl('sampling.queueSent', { count: 5 }), { exact: true }).waitFor({ timeout: T });
    await page.getByText(pl('sampling.synced'), { exact: true }).waitFor({ timeout: T });
    const all = await taken();
    expect(all).toHaveLength(10);
    expect(all.map((p) => p.pointIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(all[0]).toMatchObject({ accuracyM: 4 });
    expect(await page.evaluate(() => localStorage.getItem('gleba_offline_punctures'))).toBeNull();
    const orderNow = await api(`/api/orders/${order.id}`, { token: customer.accessToken });
    expect(orderNow.body.order.samples[0].puncturesTaken).toBe(10);
    await shot(page, 'all-sent');
  });

  it('the admin’s order detail shows the punctures on the sector sketch', async () => {
    const c = await newContext(browser, { viewport: DESKTOP, locale: 'pl-PL' });
    contexts.push(c);
    const p = await c.newPage();
    pages.push({ page: p, problems: watchPage(p) });
    await p.goto(`${system().gateway}/admin/`);
    await p.getByLabel('E-mail').fill('admin@gleba.local');
    await p.getByLabel('Hasło', { exact: true }).fill('Admin123!');
    await p.getByRole('button', { name: 'Zaloguj się' }).click();
    await p.waitForURL(/\/admin\/orders/, { timeout: T });
    await p.goto(`${system().gateway}/admin/orders/${order.id}`);
    await p.getByRole('heading', { name: pl('sampling.takenTitle') }).waitFor({ timeout: T });
    await p
      .getByText(pl('sampling.takenCount', { taken: 10, planned: 10 }), { exact: true })
      .waitFor({ timeout: T });
    const sketch = p.locator('svg.gl-sketch__svg');
    expect(await sketch.locator('.gl-sketch__taken').count()).toBe(10);
    expect(await sketch.locator('.gl-sketch__point.is-taken').count()).toBe(10);
    expect(await p.locator('.sampling-card__list li').count()).toBe(10);
    await shot(p, 'admin-order-detail');
  });

  it('reads in English and Ukrainian at 375 px', async () => {
    for (const lang of ['en', 'uk'] as const) {
      const changed = await api('/api/users/me', {
        method: 'PATCH',
        token: customer.accessToken,
        body: { language: lang },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
      const tokens = (
        await api('/api/auth/login', { body: { email: customer.email, password: customer.password } })
      ).body;
      const { c, p } = await open(lang, tokens);
      await c.setGeolocation({ longitude: points()[0]![0], latitude: points()[0]![1], accuracy: 6 });
      await p.goto(app(`/orders/${order.id}/sampling`));
      await p.getByText(text(lang, 'sampling.allTaken')).first().waitFor({ timeout: T });
      await p
        .getByText(text(lang, 'sampling.positionAccuracy', { m: 6 }), { exact: true })
        .waitFor({ timeout: T });
      await checkScreen(p, { journey: JOURNEY, step: `${lang}-375-all-taken`, lang });
      await shot(p, `${lang}-all-taken`);
    }
  });
});
