import { useEffect, useRef, useState, type RefObject } from 'react';
import { useT } from '../i18n/ui-language';
import { ALL_ACCEPTED, needsConsentBanner, type ConsentStorage, type CookieConsent } from './consent-storage';
import { CookieSettingsDialog } from './cookie-settings-dialog';
import { useCookieConsent } from './use-cookie-consent';

export interface CookieBannerProps {
  /** Where consent is kept; local storage by default. */
  storage?: ConsentStorage;
  onChange?: (consent: CookieConsent) => void;
}

/** Shows until the necessary category is accepted (spec section 4); a settings button and an accept button. */
export function CookieBanner({ storage, onChange }: CookieBannerProps) {
  const tr = useT();
  const { consent, save } = useCookieConsent(storage);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);
  const showing = needsConsentBanner(consent);
  useReserveRoom(bannerRef, showing);

  const accept = (next: CookieConsent) => {
    save(next);
    setSettingsOpen(false);
    onChange?.(next);
  };

  if (!showing) return null;
  return (
    <>
      <section
        ref={bannerRef}
        className="gl-cookie-banner"
        role="region"
        aria-label={tr('ui.cookieBannerTitle')}
      >
        <div className="gl-cookie-banner__text">
          <strong>{tr('ui.cookieBannerTitle')}</strong>
          <p>{tr('ui.cookieBannerText')}</p>
        </div>
        <div className="gl-cookie-banner__actions">
          <button
            type="button"
            className="gl-button gl-button--secondary"
            onClick={() => setSettingsOpen(true)}
          >
            {tr('ui.cookieSettings')}
          </button>
          <button type="button" className="gl-button" onClick={() => accept({ ...ALL_ACCEPTED })}>
            {tr('ui.cookieAccept')}
          </button>
        </div>
      </section>
      <CookieSettingsDialog
        open={settingsOpen}
        initial={consent}
        onSave={accept}
        onClose={() => setSettingsOpen(false)}
      />
    </>
  );
}

/**
 * The banner is fixed over the bottom of the viewport; while it shows, the page gets a bottom
 * padding of its height (and its 1rem gap), so the end of a page (a form's submit button on a
 * phone) can still be scrolled above it instead of staying covered until consent is given.
 */
function useReserveRoom(ref: RefObject<HTMLElement | null>, showing: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!showing || !el) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const apply = () => {
      body.style.paddingBottom = `calc(${el.offsetHeight}px + 2rem)`;
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(apply);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = before;
    };
  }, [ref, showing]);
}
