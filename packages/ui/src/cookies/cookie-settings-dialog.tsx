import { useEffect, useState } from 'react';
import { useT } from '../i18n/ui-language';
import { Dialog } from '../dialog/dialog';
import {
  ALL_ACCEPTED,
  COOKIE_CATEGORIES,
  DEFAULT_CONSENT,
  canSaveConsent,
  type CookieConsent,
} from './consent-storage';

export interface CookieSettingsDialogProps {
  open: boolean;
  /** The consent shown when the dialog opens; the spec's defaults when none was saved. */
  initial?: CookieConsent | null;
  onSave: (consent: CookieConsent) => void;
  onClose: () => void;
}

/** Accept-all and save; a toggle with title and description per category; save needs the necessary category. */
export function CookieSettingsDialog({ open, initial, onSave, onClose }: CookieSettingsDialogProps) {
  const tr = useT();
  const [consent, setConsent] = useState<CookieConsent>({ ...(initial ?? DEFAULT_CONSENT) });

  useEffect(() => {
    if (open) setConsent({ ...(initial ?? DEFAULT_CONSENT) });
  }, [open, initial]);

  const saveAllowed = canSaveConsent(consent);
  return (
    <Dialog
      open={open}
      title={tr('ui.cookieSettingsTitle')}
      onClose={onClose}
      actions={
        <>
          <button
            type="button"
            className="gl-button gl-button--secondary"
            disabled={!saveAllowed}
            onClick={() => onSave(consent)}
          >
            {tr('ui.cookieSave')}
          </button>
          <button type="button" className="gl-button" onClick={() => onSave({ ...ALL_ACCEPTED })}>
            {tr('ui.cookieAcceptAll')}
          </button>
        </>
      }
    >
      <p>{tr('ui.cookieSettingsText')}</p>
      <ul className="gl-cookie-categories">
        {COOKIE_CATEGORIES.map((category) => {
          const key = category.charAt(0).toUpperCase() + category.slice(1);
          const id = `gl-cookie-${category}`;
          return (
            <li key={category} className="gl-cookie-category">
              <label htmlFor={id} className="gl-toggle">
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  checked={consent[category]}
                  onChange={(e) => setConsent((c) => ({ ...c, [category]: e.target.checked }))}
                  aria-describedby={`${id}-description`}
                />
                <span className="gl-toggle__title">{tr(`ui.cookie${key}Title`)}</span>
              </label>
              <p id={`${id}-description`} className="gl-toggle__description">
                {tr(`ui.cookie${key}Description`)}
              </p>
            </li>
          );
        })}
      </ul>
      {!saveAllowed && (
        <p role="alert" className="gl-field__error">
          {tr('ui.cookieNecessaryRequired')}
        </p>
      )}
    </Dialog>
  );
}
