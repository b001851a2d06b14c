import { useState, type FormEvent } from 'react';
import { ConfirmationDialog, FormError, SelectField, TextField, toast } from '@gleba/ui';
import type { TCrop, TPlot } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { deleteShape, updateCrop, usePlants } from '../api/farm-map';
import { saveErrorMessage } from '../rules/save-errors';

/** Edit a crop's data: name, plant, cultivation from/to, estimated yield (allowed on a crop with a test too). */
export function CropEditForm({ crop, onSaved }: { crop: TCrop; onSaved: () => Promise<void> }) {
  const tr = useT();
  const lang = useLang();
  const plants = usePlants();
  const [name, setName] = useState(crop.name);
  const [plantId, setPlantId] = useState(crop.plantId);
  const [from, setFrom] = useState(crop.cultivationFrom.slice(0, 10));
  const [to, setTo] = useState(crop.cultivationTo.slice(0, 10));
  const [yieldT, setYieldT] = useState(
    crop.estimatedYieldTPerHa === null ? '' : String(crop.estimatedYieldTPerHa),
  );
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const y = yieldT.trim() ? Number(yieldT.replace(',', '.')) : null;
    if (!name.trim() || (y !== null && !(y >= 0 && y <= 500))) {
      setError(tr('farmMap.cropDataInvalid'));
      return;
    }
    setBusy(true);
    try {
      await updateCrop(crop.id, {
        name: name.trim(),
        plantId,
        cultivationFrom: from,
        cultivationTo: to,
        estimatedYieldTPerHa: y,
      });
      toast.success(tr('farmMap.cropSaved'));
      await onSaved();
    } catch (err) {
      setError(saveErrorMessage(lang, err));
    } finally {
      setBusy(false);
    }
  };

  const options = (plants.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (!options.some((o) => o.value === crop.plantId))
    options.unshift({ value: crop.plantId, label: crop.plantName });

  return (
    <form className="farm-map__form" onSubmit={submit} aria-label={tr('farmMap.editCrop')} noValidate>
      <h3>{tr('farmMap.editCrop')}</h3>
      <TextField
        label={tr('farmMap.cropName')}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label={tr('farmMap.plant')}
        value={plantId}
        options={options}
        onChange={(e) => setPlantId(e.target.value)}
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

/**
 * Delete a plot or a crop after a confirmation. Spec rules: a crop with an ordered test cannot be
 * deleted (nor a plot carrying one); the client refuses at once and the server checks again.
 */
export function DeleteItem({
  kind,
  item,
  crops,
  onDeleted,
}: {
  kind: 'plots' | 'crops';
  item: TPlot | TCrop;
  crops: TCrop[];
  onDeleted: () => Promise<void>;
}) {
  const tr = useT();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const locked =
    kind === 'crops' ? (item as TCrop).hasTest : crops.some((c) => c.hasTest && c.plotIds.includes(item.id));

  const ask = () => {
    setError(undefined);
    if (locked) {
      setError(kind === 'crops' ? tr('errors.cropHasTest') : tr('farmMap.plotHasTestedCrop'));
      return;
    }
    setOpen(true);
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteShape(kind, item.id);
      setOpen(false);
      toast.success(tr('farmMap.deleted'));
      await onDeleted();
    } catch (err) {
      setOpen(false);
      setError(saveErrorMessage(lang, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="gl-button gl-button--secondary farm-map__danger" onClick={ask}>
        {tr(kind === 'crops' ? 'farmMap.deleteCrop' : 'farmMap.deletePlot')}
      </button>
      <FormError>{error}</FormError>
      <ConfirmationDialog
        open={open}
        busy={busy}
        confirmLabel={tr('farmMap.confirmDelete')}
        cancelLabel={tr('farmMap.cancel')}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      >
        <p>
          {tr(kind === 'crops' ? 'farmMap.confirmDeleteCrop' : 'farmMap.confirmDeletePlot', {
            name: item.name,
          })}
        </p>
      </ConfirmationDialog>
    </>
  );
}
