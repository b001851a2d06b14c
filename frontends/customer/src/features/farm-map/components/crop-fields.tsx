import { FormError, SelectField, TextField } from '@gleba/ui';
import type { TPlant } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { usePlants } from '../api/farm-map';

/** A crop's fields as typed: dates as `yyyy-mm-dd`, the yield as written (comma or dot). */
export interface CropDraft {
  plantId: string;
  from: string;
  to: string;
  yieldT: string;
}

/**
 * The fields a new and an edited crop share: plant from the catalogue, cultivation from/to,
 * estimated yield, the error line and the save button (off until plant and both dates are set).
 */
export function CropFields({
  draft,
  onChange,
  onPlant,
  placeholder,
  current,
  error,
  busy,
}: {
  draft: CropDraft;
  onChange: (patch: Partial<CropDraft>) => void;
  /** Called after a plant is chosen, with its catalogue entry. */
  onPlant?: (plant: TPlant | undefined) => void;
  placeholder?: string;
  /** Listed even when the catalogue no longer has it (an edited crop's plant). */
  current?: { value: string; label: string };
  error: string | undefined;
  busy: boolean;
}) {
  const tr = useT();
  const lang = useLang();
  const plants = usePlants();
  const options = (plants.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);
  return (
    <>
      <SelectField
        label={tr('farmMap.plant')}
        value={draft.plantId}
        placeholder={placeholder}
        options={options}
        onChange={(e) => {
          onChange({ plantId: e.target.value });
          onPlant?.(plants.data?.find((p) => p.id === e.target.value));
        }}
      />
      <TextField
        label={tr('farmMap.cultivationFrom')}
        type="date"
        value={draft.from}
        onChange={(e) => onChange({ from: e.target.value })}
      />
      <TextField
        label={tr('farmMap.cultivationTo')}
        type="date"
        value={draft.to}
        onChange={(e) => onChange({ to: e.target.value })}
      />
      <TextField
        label={tr('farmMap.estimatedYield')}
        inputMode="decimal"
        value={draft.yieldT}
        onChange={(e) => onChange({ yieldT: e.target.value })}
      />
      <FormError>{plants.error ? describeError(lang, plants.error) : error}</FormError>
      <button
        type="submit"
        className="gl-button"
        disabled={busy || !draft.plantId || !draft.from || !draft.to}
      >
        {tr('farmMap.saveCrop')}
      </button>
    </>
  );
}
