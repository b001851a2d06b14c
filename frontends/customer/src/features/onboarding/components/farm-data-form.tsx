import { useEffect, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { CheckboxField, FormError, TextField } from '@gleba/ui';
import { formatNumber } from '@gleba/i18n';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { farmKey, saveFarm, useFarm } from '../api/farm';
import { areaHaToM2, parseAreaHa } from '../../../lib/onboarding-rules';

/**
 * The onboarding's farm data (spec section 3, Farm): whether the user farms for a living and the
 * farm's total area, typed in hectares (the farm keeps square metres), saved to the farm at once.
 */
export function FarmDataForm() {
  const tr = useT();
  const lang = useLang();
  const { mutate } = useSWRConfig();
  const { data: farm, error: loadError } = useFarm();
  const [activity, setActivity] = useState(false);
  const [area, setArea] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!farm) return;
    setActivity(farm.farmingActivity);
    setArea(formatNumber(lang, farm.totalAreaM2 / 10_000, 4));
    // The stored values fill the form when they arrive.
  }, [farm, lang]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const parsed = parseAreaHa(area);
    if ('error' in parsed) return setError(tr(parsed.error));
    setError(undefined);
    setBusy(true);
    try {
      const next = await saveFarm({
        farmingActivity: activity,
        totalAreaM2: areaHaToM2(parsed.value),
        address: farm?.address ?? {},
      });
      await mutate(farmKey, next, { revalidate: false });
      setSaved(true);
    } catch (err) {
      setError(describeError(lang, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="onboarding__farm"
      onSubmit={onSubmit}
      noValidate
      aria-label={tr('onboarding.farmFormLabel')}
    >
      <CheckboxField
        label={tr('onboarding.farmActivity')}
        checked={activity}
        onChange={(e) => setActivity(e.target.checked)}
      />
      <TextField
        label={tr('onboarding.farmArea')}
        inputMode="decimal"
        value={area}
        onChange={(e) => {
          setArea(e.target.value);
          setSaved(false);
        }}
        error={error}
      />
      {loadError && <FormError>{describeError(lang, loadError)}</FormError>}
      {saved && (
        <p role="status" className="onboarding__ok">
          {tr('onboarding.farmSaved')}
        </p>
      )}
      <button type="submit" className="gl-button gl-button--secondary" disabled={busy}>
        {tr('onboarding.farmSave')}
      </button>
    </form>
  );
}
