import { useState } from 'react';
import { useLang } from '../../../lib/i18n';
import { saveErrorMessage } from '../rules/save-errors';

/** A failing call shows the server's translated message; `run` wraps busy state and the error. */
export function useSaveAction() {
  const lang = useLang();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setError(undefined);
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      setError(saveErrorMessage(lang, err));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
