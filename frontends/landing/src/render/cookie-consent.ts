import type { Language } from '@gleba/contracts';
import { t } from '@gleba/i18n';
import { COOKIE_CATEGORIES, DEFAULT_CONSENT } from '@gleba/ui/cookies/consent-storage';
import { html, type Html } from './html';

/**
 * The cookie banner and settings dialog of `@gleba/ui` (same texts from the `ui` namespace, same
 * `gl-` classes and styles), prerendered hidden. `src/client/cookie-consent.ts` shows them and
 * applies the rules of `@gleba/ui/cookies/consent-storage`. Hidden without scripts: without them
 * the page sets no cookie that needs consent, and buttons that do nothing would only confuse.
 */
export function renderCookieConsent(lang: Language): Html {
  const tr = (key: string) => t(lang, `ui.${key}`);
  return html`<div id="cookie-consent">
    <section
      class="gl-cookie-banner"
      role="region"
      aria-label="${tr('cookieBannerTitle')}"
      data-cookie-banner
      hidden
    >
      <div class="gl-cookie-banner__text">
        <strong>${tr('cookieBannerTitle')}</strong>
        <p>${tr('cookieBannerText')}</p>
      </div>
      <div class="gl-cookie-banner__actions">
        <button type="button" class="gl-button gl-button--secondary" data-cookie-settings>
          ${tr('cookieSettings')}</button
        ><button type="button" class="gl-button" data-cookie-accept>${tr('cookieAccept')}</button>
      </div>
    </section>
    <div class="gl-backdrop" data-cookie-dialog hidden>
      <div
        class="gl-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="gl-cookie-settings-title"
        tabindex="-1"
      >
        <h2 id="gl-cookie-settings-title" class="gl-dialog__title">${tr('cookieSettingsTitle')}</h2>
        <div class="gl-dialog__body">
          <p>${tr('cookieSettingsText')}</p>
          <ul class="gl-cookie-categories">
            ${COOKIE_CATEGORIES.map((category) => {
              const key = category.charAt(0).toUpperCase() + category.slice(1);
              const id = `gl-cookie-${category}`;
              return html`<li class="gl-cookie-category">
                <label for="${id}" class="gl-toggle"
                  ><input
                    id="${id}"
                    name="${category}"
                    type="checkbox"
                    role="switch"
                    ${DEFAULT_CONSENT[category] ? html` checked` : ''}
                    aria-describedby="${id}-description"
                  /><span class="gl-toggle__title">${tr(`cookie${key}Title`)}</span></label
                >
                <p id="${id}-description" class="gl-toggle__description">${tr(`cookie${key}Description`)}</p>
              </li>`;
            })}
          </ul>
          <p role="alert" class="gl-field__error" data-cookie-necessary-required hidden>
            ${tr('cookieNecessaryRequired')}
          </p>
        </div>
        <div class="gl-dialog__actions">
          <button type="button" class="gl-button gl-button--secondary" data-cookie-save>
            ${tr('cookieSave')}</button
          ><button type="button" class="gl-button" data-cookie-accept-all>${tr('cookieAcceptAll')}</button>
        </div>
      </div>
    </div>
  </div>`;
}
