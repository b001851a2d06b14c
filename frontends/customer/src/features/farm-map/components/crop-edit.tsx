import { useState, type FormEvent } from 'react';
import { ConfirmationDialog, FormError, TextField, toast } from '@gleba/ui';
import type { TCrop, TPlot } from '@gleba/contracts';
import { useLang, useT } from '../../../lib/i18n';
import { deleteShape, updateCrop } from '../api/farm-map';
import { saveErrorMessage } from '../rules/save-errors';
import { useSaveAction } from '../hooks/use-save-action';
import { CropFields, type CropDraft } from './crop-fields';

/** Edit a crop's data: name, plant, cultivation from/to, estimated yield (allowed on a crop with a test too). */
export function CropEditForm({ crop, onSaved }: { crop: TCrop; onSaved: () => Promise<void> }) {
  const tr = useT();
  const [name, setName] = useState(crop.name);
  const [draft, setDraft] = useState<CropDraft>({
    plantId: crop.plantId,
    from: crop.cultivationFrom.slice(0, 10),
    to: crop.cultivationTo.slice(0, 10),
    yieldT: crop.estimatedYieldTPerHa === null ? '' : String(crop.estimatedYieldTPerHa),
  });
  const { error, setError, busy, run } = useSaveAction();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const y = draft.yieldT.trim() ? Number(draft.yieldT.replace(',', '.')) : null;
    if (!name.trim() || (y !== null && !(y >= 0 && y <= 500))) {
      setError(tr('farmMap.cropDataInvalid'));
      return;
    }
    void run(async () => {
      await updateCrop(crop.id, {
        name: name.trim(),
        plantId: draft.plantId,
        cultivationFrom: draft.from,
        cultivationTo: draft.to,
        estimatedYieldTPerHa: y,
      });
      toast.success(tr('farmMap.cropSaved'));
      await onSaved();
    });
  };

  return (
    <form className="farm-map__form" onSubmit={submit} aria-label={tr('farmMap.editCrop')} noValidate>
      <h3>{tr('farmMap.editCrop')}</h3>
      <TextField
        label={tr('farmMap.cropName')}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
      />
      <CropFields
        draft={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        current={{ value: crop.plantId, label: crop.plantName }}
        error={error}
        busy={busy}
      />
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
        danger
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
