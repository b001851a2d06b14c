import { PARCEL_SIZES, ParcelSize, type Language, type TPriceList } from '@gleba/contracts';
import { t, type Params } from '@gleba/i18n';
import { COMPLAINT_DAYS, DROP_OFF_CODE_VALID_DAYS, RESULT_TIME, SAMPLING } from '../facts';
import { formatPrice } from '../prices';
import { LANGUAGES, LOCALES, languagePath, type SiteConfig } from '../site';
import { renderCookieConsent } from './cookie-consent';
import { html, raw, type Html } from './html';
import { farmIcon, gardenIcon, heroIllustration, logo, stepIcons } from './illustrations';

export interface PageInput {
  lang: Language;
  site: SiteConfig;
  prices: TPriceList;
  assets: {
    /** The page's CSS, inlined: one request fewer, and the page is styled even if scripts fail. */
    css: string;
    /** Public path of the script (cookie consent, link behaviours). */
    js: string;
    /** The favicon, as a data: URL. */
    favicon: string;
    /** Public path of the Open Graph image, when there is one. */
    ogImage?: string;
  };
  year: number;
}

/** Routes of the customer app the page links to (spec section 2). */
export const APP_LINKS = {
  login: '/login',
  register: '/register',
  terms: '/terms-and-privacy-policy',
} as const;

const LANGUAGE_NAMES: Record<Language, string> = {
  pl: 'common.languagePl',
  en: 'common.languageEn',
  uk: 'common.languageUk',
};

export function renderPage(input: PageInput): string {
  const { lang, site, prices, assets } = input;
  const m = (key: string, params?: Params) => t(lang, `landing.${key}`, params);
  const price = (grosze: number) => formatPrice(grosze, lang);
  const url = (l: Language) => `${site.origin}${languagePath(l)}`;
  const times = {
    min: RESULT_TIME.standardWeeks.min,
    max: RESULT_TIME.standardWeeks.max,
    days: RESULT_TIME.expressWorkingDays,
  };
  const appLink = (href: string, label: string, className: string) =>
    html`<a class="${className}" href="${href}" data-app-link>${label}</a>`;

  const head = html`<head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${m('metaTitle')}</title>
    <meta name="description" content="${m('metaDescription')}" />
    <meta name="theme-color" content="#2e6b30" />
    <link rel="canonical" href="${url(lang)}" />
    ${LANGUAGES.map((l) => html`<link rel="alternate" hreflang="${l}" href="${url(l)}" /> `)}
    <link rel="alternate" hreflang="x-default" href="${url('pl')}" />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="Gleba" />
    <meta property="og:title" content="${m('metaTitle')}" />
    <meta property="og:description" content="${m('metaDescription')}" />
    <meta property="og:url" content="${url(lang)}" />
    <meta property="og:locale" content="${LOCALES[lang].og}" />
    ${LANGUAGES.filter((l) => l !== lang).map((l) => html`<meta property="og:locale:alternate" content="${LOCALES[l].og}" /> `)}${
      assets.ogImage &&
      html`<meta property="og:image" content="${site.origin}${assets.ogImage}" />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:image:alt" content="${m('ogImageAlt')}" /> `
    }
    <meta name="twitter:card" content="${assets.ogImage ? 'summary_large_image' : 'summary'}" />
    <link rel="icon" href="${assets.favicon}" type="image/svg+xml" />
    <style>
      ${raw(assets.css)}
    </style>
    <script type="module" src="${assets.js}"></script>
  </head>`;

  const languageSwitch = html`<nav class="lang-switch" aria-label="${m('languageSwitchLabel')}">
    <ul>
      ${LANGUAGES.map(
        (l) =>
          html`<li>
            <a
              href="${languagePath(l)}"
              hreflang="${l}"
              lang="${l}"
              data-lang="${l}"
              ${raw(l === lang ? ' aria-current="page"' : '')}
              >${t(l, LANGUAGE_NAMES[l])}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;

  const sections = [
    ['for-whom', 'navForWhom'],
    ['how', 'navHow'],
    ['prices', 'navPrices'],
    ['sampling', 'navSampling'],
    ['faq', 'navFaq'],
    ['contact', 'navContact'],
  ] as const;

  const header = html`<header class="site-header">
    <div class="wrap header-row">
      <a class="brand" href="${languagePath(lang)}" aria-label="${m('homeLinkLabel')}"
        >${logo}<span>Gleba</span></a
      >
      <nav class="page-nav" aria-label="${m('navLabel')}">
        <ul>
          ${sections.map(([id, key]) => html`<li><a href="#${id}">${m(key)}</a></li>`)}
        </ul>
      </nav>
      ${languageSwitch}
      <div class="header-actions">
        ${appLink(APP_LINKS.login, m('login'), 'btn btn-ghost')}${appLink(APP_LINKS.register, m('register'), 'btn btn-primary')}
      </div>
    </div>
  </header>`;

  const hero = html`<section class="hero" aria-labelledby="hero-title">
    <div class="wrap hero-grid">
      <div>
        <h1 id="hero-title">${m('heroTitle')}</h1>
        <p class="lead">${m('heroLead')}</p>
        <p class="hero-price">
          ${m('heroPriceFrom', { price: price(prices.farm.basicTestPerSample.STANDARD) })}
        </p>
        <p class="hero-actions">${appLink(APP_LINKS.register, m('heroCta'), 'btn btn-primary btn-large')}</p>
        <p>${m('heroLoginPrompt')} ${appLink(APP_LINKS.login, m('login'), 'text-link')}</p>
      </div>
      ${heroIllustration}
    </div>
  </section>`;

  const audience = (icon: Html, title: string, text: string, points: string[], note?: string) =>
    html`<article class="card">
      ${icon}
      <h3>${title}</h3>
      <p>${text}</p>
      <ul class="ticks">
        ${points.map((p) => html`<li>${p}</li>`)}
      </ul>
      ${note && html`<p class="note">${note}</p>`}
    </article>`;

  const forWhom = html`<section id="for-whom" aria-labelledby="for-whom-title">
    <div class="wrap">
      <h2 id="for-whom-title">${m('forWhomTitle')}</h2>
      <div class="cards two">
        ${audience(farmIcon, m('farmsTitle'), m('farmsText'), [m('farmsPoint1'), m('farmsPoint2'), m('farmsPoint3')], m('farmsNote'))}
        ${audience(gardenIcon, m('gardensTitle'), m('gardensText'), [m('gardensPoint1'), m('gardensPoint2'), m('gardensPoint3')])}
      </div>
    </div>
  </section>`;

  const how = html`<section id="how" class="tinted" aria-labelledby="how-title">
    <div class="wrap">
      <h2 id="how-title">${m('howTitle')}</h2>
      <ol class="steps">
        ${[1, 2, 3, 4].map(
          (n) =>
            html`<li class="step">
              ${stepIcons[n - 1]}
              <h3>${m(`step${n}Title`)}</h3>
              <p>${m(`step${n}Text`)}</p>
            </li>`,
        )}
      </ol>
    </div>
  </section>`;

  const free = (grosze: number) => (grosze === 0 ? m('priceFree') : price(grosze));
  const { farm, garden } = prices;
  const priceRows: [string, string][] = [
    [m('priceBasic'), m('pricePerSample', { price: price(farm.basicTestPerSample.STANDARD) })],
    [m('priceExpress', times), m('pricePerSample', { price: price(farm.basicTestPerSample.EXPRESS) })],
    [m('priceGardenKit'), price(garden.kit)],
    [m('priceSampler'), free(farm.equipment.SAMPLER)],
    [m('priceSampleBags'), free(farm.equipment.SAMPLE_BAGS)],
    [m('priceStringBags'), free(farm.equipment.STRING_BAGS)],
    ...[...farm.volumeDiscounts]
      .sort((x, y) => x.minSamples - y.minSamples)
      .map((d): [string, string] => [m('priceDiscount', { min: d.minSamples }), `−${d.percent}%`]),
  ];
  const pricesSection = html`<section id="prices" aria-labelledby="prices-title">
    <div class="wrap two-col">
      <div>
        <h2 id="prices-title">${m('pricesTitle')}</h2>
        <table class="table prices">
          <thead>
            <tr>
              <th scope="col">${m('priceColItem')}</th>
              <th scope="col">${m('priceColPrice')}</th>
            </tr>
          </thead>
          <tbody>
            ${priceRows.map(
              ([item, value]) =>
                html`<tr>
                  <th scope="row">${item}</th>
                  <td>${value}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <p class="note">${m('pricesNote')}</p>
      </div>
      <div>
        <h2 id="times-title">${m('timesTitle')}</h2>
        <ul class="ticks">
          <li>${m('timesStandard', times)}</li>
          <li>${m('timesExpress', times)}</li>
        </ul>
      </div>
    </div>
  </section>`;

  const sampling = html`<section id="sampling" class="tinted" aria-labelledby="sampling-title">
    <div class="wrap two-col">
      <div>
        <h2 id="sampling-title">${m('samplingTitle')}</h2>
        <p>${m('samplingIntro')}</p>
        <ol class="numbered">
          <li>${m('samplingStep1', { min: SAMPLING.puncturesMin, max: SAMPLING.puncturesMax })}</li>
          <li>${m('samplingStep2', { depth: SAMPLING.depthCm })}</li>
          <li>${m('samplingStep3', { skipMin: SAMPLING.skipTopCm.min, skipMax: SAMPLING.skipTopCm.max })}</li>
          <li>${m('samplingStep4', { kg: SAMPLING.soilKg })}</li>
          <li>${m('samplingStep5', { days: SAMPLING.sendWithinDays })}</li>
        </ol>
      </div>
      <div>
        <h2 id="parcels-title">${m('parcelsTitle')}</h2>
        <p>${m('parcelsIntro')}</p>
        <table class="table parcels">
          <thead>
            <tr>
              <th scope="col">${m('parcelColSize')}</th>
              <th scope="col">${m('parcelColWeight')}</th>
              <th scope="col">${m('parcelColDims')}</th>
            </tr>
          </thead>
          <tbody>
            ${ParcelSize.options.map((size) => {
              const [x, y, z] = PARCEL_SIZES[size].sizeCm;
              return html`<tr>
                <th scope="row">${size}</th>
                <td>${m('parcelWeight', { kg: PARCEL_SIZES[size].maxWeightKg })}</td>
                <td>${m('parcelDims', { a: x, b: y, c: z })}</td>
              </tr>`;
            })}
          </tbody>
        </table>
      </div>
    </div>
  </section>`;

  const faqParams: Params = {
    ...times,
    price: price(prices.farm.equipment.SAMPLER),
    codeDays: DROP_OFF_CODE_VALID_DAYS,
  };
  const faqItems: [string, string][] = [
    [m('faq1Q'), m('faq1A')],
    [m('faq2Q'), m('faq2A', faqParams)],
    [m('faq3Q'), m('faq3A', faqParams)],
    [m('faq4Q'), m('faq4A', faqParams)],
    [m('faq5Q'), m('faq5A')],
    [m('faq6Q'), m('faq6A', { days: COMPLAINT_DAYS })],
    [m('faq7Q'), m('faq7A')],
  ];
  const faq = html`<section id="faq" aria-labelledby="faq-title">
    <div class="wrap narrow">
      <h2 id="faq-title">${m('faqTitle')}</h2>
      ${faqItems.map(
        ([q, answer]) =>
          html`<details class="faq">
            <summary>${q}</summary>
            <p>${answer}</p>
          </details> `,
      )}
      <p><a class="text-link" href="${APP_LINKS.terms}">${m('footerTerms')}</a></p>
    </div>
  </section>`;

  const contact = html`<section id="contact" class="tinted" aria-labelledby="contact-title">
    <div class="wrap narrow">
      <h2 id="contact-title">${m('contactTitle')}</h2>
      <p>${m('contactText')}</p>
      <p>
        ${m('contactEmailLabel')}:
        <a class="text-link" href="mailto:${site.contactEmail}">${site.contactEmail}</a>
      </p>
    </div>
  </section>`;

  const footer = html`<footer class="site-footer">
    <div class="wrap footer-row">
      <p>${m('footerCopyright', { year: input.year })}</p>
      <ul>
        <li><a href="${APP_LINKS.terms}">${m('footerTerms')}</a></li>
        <li data-needs-script hidden>
          <button type="button" class="link-button" data-cookie-settings>${m('footerCookieSettings')}</button>
        </li>
      </ul>
    </div>
  </footer>`;

  const body = html`<body>
    <a class="skip-link" href="#main">${m('skipToContent')}</a>
    ${header}
    <main id="main" tabindex="-1">
      ${hero} ${forWhom} ${how} ${pricesSection} ${sampling} ${faq} ${contact}
    </main>
    ${footer} ${renderCookieConsent(lang)}
  </body>`;

  return `<!doctype html>\n<html lang="${lang}">\n${head.value}\n${body.value}\n</html>\n`;
}
