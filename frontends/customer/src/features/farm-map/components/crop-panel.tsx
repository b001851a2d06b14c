import { useState, type FormEvent } from 'react';
import { toast } from '@gleba/ui';
import type { TAreaGeometry, TCrop, TPlot } from '@gleba/contracts';
import { useT } from '../../../lib/i18n';
import { createCrop } from '../api/farm-map';
import { useSaveAction } from '../hooks/use-save-action';
import { CropFields, type CropDraft } from './crop-fields';

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
  const [draft, setDraft] = useState<CropDraft>({
    plantId: '',
    from: `${thisYear}-03-01`,
    to: `${thisYear}-09-30`,
    yieldT: '',
  });
  const change = (patch: Partial<CropDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const { error, busy, run } = useSaveAction();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const crop = await createCrop({
        plantId: draft.plantId,
        cultivationFrom: draft.from,
        cultivationTo: draft.to,
        estimatedYieldTPerHa: draft.yieldT.trim() ? Number(draft.yieldT.replace(',', '.')) : null,
        plotIds: [plot.id],
        ...(geometry ? { geometry } : {}),
      });
      toast.success(tr('farmMap.cropAdded'));
      onAdded(crop);
    });
  };

  return (
    <form className="farm-map__form" onSubmit={submit} aria-label={tr('farmMap.addCrop')}>
      <h3>{tr('farmMap.cropOnPlot', { name: plot.name })}</h3>
      <CropFields
        draft={draft}
        onChange={change}
        placeholder={tr('farmMap.choose')}
        onPlant={(plant) => {
          if (plant && !draft.yieldT) change({ yieldT: String(plant.defaultYieldTPerHa) });
        }}
        error={error}
        busy={busy}
      />
    </form>
  );
}
