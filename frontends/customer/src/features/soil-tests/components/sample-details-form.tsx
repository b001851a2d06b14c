import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '@gleba/ui';
import { GARDEN_NAME_MAX_LENGTH, PUNCTURES_PER_SAMPLE } from '@gleba/contracts';
import { useT } from '../../../lib/i18n';
import { usePlants } from '../api/soil-tests';
import { PHOTO_TYPES, validateSample, type FieldErrors, type SampleForm } from '../rules/test-form-rules';

export function emptySample(): SampleForm {
  return {
    gardenName: '',
    plantId: '',
    area: '',
    punctures: String(PUNCTURES_PER_SAMPLE.default),
    photo: null,
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
