import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '@gleba/ui';
import { GARDEN_NAME_MAX_LENGTH, PUNCTURES_PER_SAMPLE } from '@gleba/contracts';
import { useT } from '../../../lib/i18n';
import { usePlants } from '../../../lib/api/soil-tests';
import { PHOTO_TYPES, validateSample, type FieldErrors, type SampleForm } from '../../../lib/test-form-rules';
import './sample-details-form.css';

export function emptySample(): SampleForm {
  return {
    gardenName: '',
    plantId: '',
    area: '',
    punctures: String(PUNCTURES_PER_SAMPLE.default),
    photo: null,
    lat: '',
    lon: '',
  };
}

/** Spec section 5: the sample's name, plant, area in ares, photo and punctures, checked before sending. */
export function SampleDetailsForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  children,
}: {
  initial: SampleForm;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (form: SampleForm) => void;
  children?: React.ReactNode;
}) {
  const tr = useT();
  const plants = usePlants();
  const [form, setForm] = useState<SampleForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState(false);
  const set = <K extends keyof SampleForm>(key: K, value: SampleForm[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (touched) setErrors(validateSample(next));
  };
  const msg = (field: keyof SampleForm) => {
    const e = errors[field];
    return e ? tr(`customerTests.${e.key}`, e.params) : undefined;
  };
  const [locateFailed, setLocateFailed] = useState(false);
  function locate() {
    setLocateFailed(false);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const next = {
          ...form,
          lat: p.coords.latitude.toFixed(5),
          lon: p.coords.longitude.toFixed(5),
        };
        setForm(next);
        if (touched) setErrors(validateSample(next));
      },
      () => setLocateFailed(true),
      { timeout: 15_000 },
    );
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    const found = validateSample(form);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(form);
  }
  const options = (plants.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (form.plantId && !options.some((o) => o.value === form.plantId))
    options.unshift({ value: form.plantId, label: form.plantId });
  return (
    <form onSubmit={submit} noValidate aria-label={tr('customerTests.sampleDetails')}>
      <TextField
        label={tr('customerTests.gardenName')}
        value={form.gardenName}
        maxLength={GARDEN_NAME_MAX_LENGTH}
        onChange={(e) => set('gardenName', e.target.value)}
        error={msg('gardenName')}
      />
      <SelectField
        label={tr('customerTests.plant')}
        value={form.plantId}
        placeholder={tr('customer.choose')}
        options={options}
        onChange={(e) => set('plantId', e.target.value)}
        error={msg('plantId')}
      />
      <TextField
        label={tr('customerTests.area')}
        hint={tr('customerTests.areaHint')}
        inputMode="decimal"
        value={form.area}
        onChange={(e) => set('area', e.target.value)}
        error={msg('area')}
      />
      <TextField
        label={tr('customerTests.punctures')}
        inputMode="numeric"
        value={form.punctures}
        onChange={(e) => set('punctures', e.target.value)}
        error={msg('punctures')}
      />
      <fieldset className="sample-location">
        <legend>{tr('customerTests.location')}</legend>
        <p className="muted">{tr('customerTests.locationHint')}</p>
        <TextField
          label={tr('customerTests.latitude')}
          inputMode="decimal"
          value={form.lat}
          onChange={(e) => set('lat', e.target.value)}
          error={msg('lat')}
        />
        <TextField
          label={tr('customerTests.longitude')}
          inputMode="decimal"
          value={form.lon}
          onChange={(e) => set('lon', e.target.value)}
          error={msg('lon')}
        />
        {'geolocation' in navigator && (
          <button type="button" className="gl-button gl-button--secondary" onClick={locate}>
            {tr('customerTests.useMyLocation')}
          </button>
        )}
        {locateFailed && <p role="alert">{tr('customerTests.locationUnavailable')}</p>}
      </fieldset>
      <TextField
        label={tr('customerTests.photo')}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        onChange={(e) => set('photo', e.target.files?.[0] ?? null)}
        error={msg('photo')}
      />
      {children}
      <button type="submit" className="gl-button" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
