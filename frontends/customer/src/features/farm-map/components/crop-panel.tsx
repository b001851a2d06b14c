import { useState, type FormEvent } from 'react';
import { FormError, SelectField, TextField, toast } from '@gleba/ui';
import type { TAreaGeometry, TCrop, TPlot } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { createCrop, usePlants } from '../api/farm-map';
import { saveErrorMessage } from '../rules/save-errors';

const thisYear = new Date().getFullYear();

/**
 * A crop on the selected plot: plant from the catalogue, cultivation period, estimated yield; on
 * the whole plot, or with `geometry` on the part of it drawn on the map (the server checks it lies
 * on the plot).
 */
export function CropForm({
  plot,
  geometry,
  onAdded,
}: {
  plot: TPlot;
  geometry?: TAreaGeometry;
  onAdded: (crop: TCrop) => void;
}) {
  const tr = useT();
  const lang = useLang();
  const plants = usePlants();
  const [plantId, setPlantId] = useState('');
  const [from, setFrom] = useState(`${thisYear}-03-01`);
  const [to, setTo] = useState(`${thisYear}-09-30`);
  const [yieldT, setYieldT] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const crop = await createCrop({
        plantId,
        cultivationFrom: from,
        cultivationTo: to,
        estimatedYieldTPerHa: yieldT.trim() ? Number(yieldT.replace(',', '.')) : null,
        plotIds: [plot.id],
        ...(geometry ? { geometry } : {}),
      });
      toast.success(tr('farmMap.cropAdded'));
      onAdded(crop);
    } catch (err) {
      setError(saveErrorMessage(lang, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="farm-map__form" onSubmit={submit} aria-label={tr('farmMap.addCrop')}>
      <h3>{tr('farmMap.cropOnPlot', { name: plot.name })}</h3>
      <SelectField
        label={tr('farmMap.plant')}
        value={plantId}
        placeholder={tr('farmMap.choose')}
        options={(plants.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        onChange={(e) => {
          setPlantId(e.target.value);
          const plant = plants.data?.find((p) => p.id === e.target.value);
          if (plant && !yieldT) setYieldT(String(plant.defaultYieldTPerHa));
        }}
      />
      <TextField
        label={tr('farmMap.cultivationFrom')}
        type="date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField
        label={tr('farmMap.cultivationTo')}
        type="date"
        value={to}
        onChange={(e) => setTo(e.target.value)}
      />
      <TextField
        label={tr('farmMap.estimatedYield')}
        inputMode="decimal"
        value={yieldT}
        onChange={(e) => setYieldT(e.target.value)}
      />
      <FormError>{plants.error ? describeError(lang, plants.error) : error}</FormError>
      <button type="submit" className="gl-button" disabled={busy || !plantId || !from || !to}>
        {tr('farmMap.saveCrop')}
      </button>
    </form>
  );
}
