/**
 * The built HTML, read as a search engine or a browser without scripts would: parsed from dist/,
 * no script runs. `npm test` builds first (see package.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { HtmlValidate } from 'html-validate';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARCEL_SIZES, ParcelSize, type Language, type TPriceList } from '@gleba/contracts';
import { t } from '@gleba/i18n';
import { loadPriceList, formatPrice } from '../src/prices';
import { LANGUAGES, languagePath, siteFromEnv } from '../src/site';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const site = siteFromEnv();
const pageFile = (lang: Language) => path.join(dist, languagePath(lang), 'index.html');
const read = (lang: Language) => readFileSync(pageFile(lang), 'utf8');
const text = (el: HTMLElement) => el.textContent.replace(/\s+/g, ' ').trim();

let prices: TPriceList;
beforeAll(async () => {
  if (!existsSync(pageFile('pl')))
    throw new Error('dist/ is missing: run `npm run build -w @gleba/landing` (npm test does)');
  prices = await loadPriceList(path.resolve(root, '../../config/prices.json'));
});

describe.each(LANGUAGES)('the %s page, without scripts', (lang) => {
  let doc: HTMLElement;
  let body: string;
  const m = (key: string) => t(lang, `landing.${key}`);
  beforeAll(() => {
    doc = parse(read(lang));
    body = text(doc.querySelector('body')!);
  });

  // html-validate loads its rule set on first use: seconds on a busy machine.
  it('is valid HTML (html-validate, recommended rules)', { timeout: 30_000 }, async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: {
        // Style only: Prettier writes `<meta />`, lower-case doctype and template line ends; the
        // explicit role and `for` mirror @gleba/ui's React markup.
        'void-style': 'off',
        'doctype-style': 'off',
        'no-trailing-whitespace': 'off',
        'no-redundant-role': 'off',
        'no-redundant-for': 'off',
      },
    });
    const report = await validator.validateString(read(lang), pageFile(lang));
    const messages = report.results.flatMap((r) =>
      r.messages.map((msg) => `${msg.line}:${msg.column} ${msg.ruleId}: ${msg.message}`),
    );
    expect(messages).toEqual([]);
  });

  it('declares its language, title, description and canonical URL', () => {
    expect(doc.querySelector('html')!.getAttribute('lang')).toBe(lang);
    expect(text(doc.querySelector('title')!)).toBe(m('metaTitle'));
    expect(doc.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(m('metaDescription'));
    expect(doc.querySelector('meta[name="viewport"]')!.getAttribute('content')).toContain(
      'width=device-width',
    );
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      `${site.origin}${languagePath(lang)}`,
    );
  });

  it('links every language version with hreflang, and x-default to Polish', () => {
    const alternates = Object.fromEntries(
      doc
        .querySelectorAll('link[rel="alternate"]')
        .map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    );
    expect(alternates).toEqual({
      pl: `${site.origin}/`,
      en: `${site.origin}/en/`,
      uk: `${site.origin}/uk/`,
      'x-default': `${site.origin}/`,
    });
  });

  it('has Open Graph tags', () => {
    const og = (p: string) => doc.querySelector(`meta[property="og:${p}"]`)?.getAttribute('content');
    expect(og('title')).toBe(m('metaTitle'));
    expect(og('description')).toBe(m('metaDescription'));
    expect(og('url')).toBe(`${site.origin}${languagePath(lang)}`);
    expect(og('type')).toBe('website');
    expect(og('locale')).toMatch(new RegExp(`^${lang}_`));
    expect(doc.querySelectorAll('meta[property="og:locale:alternate"]')).toHaveLength(2);
    const image = og('image')!;
    expect(image).toMatch(new RegExp(`^${site.origin}/landing/og-image-[0-9a-f]+\\.png$`));
    expect(existsSync(path.join(dist, image.slice(site.origin.length)))).toBe(true);
    expect(og('image:alt')).toBe(m('ogImageAlt'));
  });

  it('has landmarks, one h1, a skip link and labelled navigation', () => {
    expect(doc.querySelectorAll('header')).toHaveLength(1);
    expect(doc.querySelectorAll('main')).toHaveLength(1);
    expect(doc.querySelectorAll('footer')).toHaveLength(1);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('a.skip-link')!.getAttribute('href')).toBe('#main');
    expect(doc.querySelector('main')!.id).toBe('main');
    for (const nav of doc.querySelectorAll('nav')) expect(nav.getAttribute('aria-label')).toBeTruthy();
    for (const section of doc.querySelectorAll('main > section')) {
      const labelledBy = section.getAttribute('aria-labelledby');
      expect(labelledBy && doc.getElementById(labelledBy), `section ${section.id}`).toBeTruthy();
    }
    for (const svg of doc.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).toBe('true');
    for (const a of doc.querySelectorAll('a'))
      expect(text(a) || a.getAttribute('aria-label'), a.toString()).toBeTruthy();
    for (const button of doc.querySelectorAll('button')) expect(text(button)).toBeTruthy();
    for (const input of doc.querySelectorAll('input'))
      expect(doc.querySelector(`label[for="${input.id}"]`)).toBeTruthy();
  });

  it('says what the service does for farms and gardens and how it works', () => {
    for (const key of ['heroTitle', 'farmsTitle', 'farmsText', 'gardensTitle', 'gardensText', 'howTitle'])
      expect(body).toContain(m(key));
    const steps = doc.querySelectorAll('#how .step h3').map(text);
    expect(steps).toEqual([m('step1Title'), m('step2Title'), m('step3Title'), m('step4Title')]);
    expect(body).toContain('DPD');
  });

  it('shows the prices of config/prices.json, in PLN', () => {
    const cells = doc.querySelectorAll('table.prices td').map(text);
    const price = (grosze: number) => formatPrice(grosze, lang).replace(/\s+/g, ' ');
    expect(cells[0]).toContain(price(prices.farm.basicTestPerSample.STANDARD));
    expect(cells[1]).toContain(price(prices.farm.basicTestPerSample.EXPRESS));
    expect(cells).toContain(price(prices.garden.kit));
    expect(cells).toContain(
      prices.farm.equipment.SAMPLER === 0 ? m('priceFree') : price(prices.farm.equipment.SAMPLER),
    );
    expect(cells.filter((c) => c === m('priceFree')).length).toBeGreaterThanOrEqual(2); // sample bags and string bags
    for (const d of prices.farm.volumeDiscounts) expect(cells).toContain(`−${d.percent}%`);
    // Amounts are charged in złoty whatever the language (README, "Prices and currency").
    expect(body).not.toMatch(/UAH|грн|₴/);
    if (lang === 'pl') expect(body).toContain('30 zł');
    else expect(body).toMatch(/PLN/);
  });

  it('states result times, how to sample and the parcel sizes', () => {
    expect(body).toContain('4–6');
    expect(text(doc.querySelector('#prices')!)).toMatch(/\b10\b/);
    const sampling = text(doc.querySelector('#sampling ol')!);
    for (const figure of ['5', '15', '20', '2–3', '1', '4']) expect(sampling).toContain(figure);
    const rows = doc.querySelectorAll('table.parcels tbody tr').map(text);
    expect(rows).toHaveLength(ParcelSize.options.length);
    ParcelSize.options.forEach((size, i) => {
      expect(rows[i]).toContain(size);
      expect(rows[i]).toContain(`${PARCEL_SIZES[size].maxWeightKg} `);
      expect(rows[i]).toContain(PARCEL_SIZES[size].sizeCm.join(' × '));
    });
  });

  it('answers frequent questions in native disclosure widgets, and gives contact and terms', () => {
    const faq = doc.querySelectorAll('#faq details');
    expect(faq.length).toBeGreaterThanOrEqual(6);
    for (const item of faq) {
      expect(text(item.querySelector('summary')!)).toBeTruthy();
      expect(text(item.querySelector('p')!)).toBeTruthy();
    }
    expect(doc.querySelector('#contact a[href^="mailto:"]')!.getAttribute('href')).toBe(
      `mailto:${site.contactEmail}`,
    );
    expect(doc.querySelectorAll('a[href="/terms-and-privacy-policy"]').length).toBeGreaterThanOrEqual(1);
  });

  it('links to register and log in in the customer app', () => {
    const register = doc.querySelectorAll('a[href="/register"]');
    const login = doc.querySelectorAll('a[href="/login"]');
    expect(register.length).toBeGreaterThanOrEqual(1);
    expect(login.length).toBeGreaterThanOrEqual(1);
    for (const a of [...register, ...login]) expect(a.hasAttribute('data-app-link')).toBe(true);
  });

  it('switches language with plain links', () => {
    const links = doc.querySelectorAll('nav.lang-switch')[0]!.querySelectorAll('a');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/en/', '/uk/']);
    expect(links.map((a) => a.getAttribute('hreflang'))).toEqual(['pl', 'en', 'uk']);
    expect(
      links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.getAttribute('hreflang')),
    ).toEqual([lang]);
  });

  it('prerenders the cookie banner and dialog hidden, with the spec defaults', () => {
    const banner = doc.querySelector('[data-cookie-banner]')!;
    expect(banner.hasAttribute('hidden')).toBe(true);
    expect(text(banner)).toContain(t(lang, 'ui.cookieBannerText'));
    const dialog = doc.querySelector('[data-cookie-dialog]')!;
    expect(dialog.hasAttribute('hidden')).toBe(true);
    const checked = Object.fromEntries(
      dialog
        .querySelectorAll('input[type="checkbox"]')
        .map((i) => [i.getAttribute('name'), i.hasAttribute('checked')]),
    );
    expect(checked).toEqual({ necessary: true, commercial: false, social: true });
  });

  it('leaves no untranslated key or unfilled placeholder', () => {
    expect(body).not.toMatch(/\b(landing|ui|common)\.[a-z]\w+/);
    expect(body).not.toMatch(/\{\w+\}/);
  });

  it('loads one external module script and nothing else executable', () => {
    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const src = scripts[0]!.getAttribute('src')!;
    expect(scripts[0]!.getAttribute('type')).toBe('module');
    expect(src).toMatch(/^\/landing\/landing-[A-Z0-9]+\.js$/);
    expect(existsSync(path.join(dist, src))).toBe(true);
    expect(doc.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0); // CSS is inlined
  });

  it('weighs under 150 KB gzip before images (HTML with CSS, and JS)', () => {
    const src = doc.querySelector('script')!.getAttribute('src')!;
    const bytes =
      gzipSync(readFileSync(pageFile(lang))).length + gzipSync(readFileSync(path.join(dist, src))).length;
    expect(bytes).toBeLessThan(150 * 1024);
  });
});

describe('sitemap and robots', () => {
  it('lists the three language URLs with their alternates', () => {
    const xml = readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((x) => x[1]);
    expect(locs).toEqual([`${site.origin}/`, `${site.origin}/en/`, `${site.origin}/uk/`]);
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(3);
  });

  it('points crawlers at the sitemap and away from the APIs', () => {
    const robots = readFileSync(path.join(dist, 'robots.txt'), 'utf8');
    expect(robots).toContain(`Sitemap: ${site.origin}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
  });
});
