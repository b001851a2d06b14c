import { useCallback, useEffect, useState } from 'react';
import {
  onConsentChange,
  readConsent,
  writeConsent,
  type ConsentStorage,
  type CookieConsent,
} from './consent-storage';

/** The saved consent (null when none), kept in step with saves made anywhere in the window. */
export function useCookieConsent(storage?: ConsentStorage) {
  const [consent, setConsent] = useState<CookieConsent | null>(() => readConsent(storage));
  useEffect(() => onConsentChange(() => setConsent(readConsent(storage))), [storage]);
  const save = useCallback(
    (next: CookieConsent) => setConsent(writeConsent(next, storage).consent),
    [storage],
  );
  return { consent, save };
}
