import { useId } from 'react';
import type { TFarmOrder } from '@gleba/contracts';
import type { Translate } from '../i18n';
import { LAYERS, LAYER_SPEC, classOf, legendEntries, type ClassSource, type Layer } from './layers';
import '../styles/results.css';

/** The key of an undivided crop's only "sector" (its samples have no sector id). */
export const WHOLE = 'whole';

/**
 * The map key of the sector a sample was taken in. geo keeps an undivided crop as one sector
 * (the crop itself), so a sample of that sector, like one without a sector, is the whole field.
 */
export function shapeKeyOf(
  crop: { divided: boolean; sectors: readonly { id: string }[] },
  sectorId: string | null | undefined,
): string {
  if (!sectorId) return WHOLE;
  return !crop.divided && crop.sectors.some((s) => s.id === sectorId) ? WHOLE : sectorId;
}

/** Where each sample was taken: the sector of the order's sample (null: the whole crop). */
export function sampleSectors(
  orders: readonly TFarmOrder[],
): Map<string, { sectorId: string | null; sectorName: string | null }> {
  const out = new Map<string, { sectorId: string | null; sectorName: string | null }>();
  for (const o of orders)
    for (const s of o.samples) out.set(s.id, { sectorId: s.sectorId, sectorName: s.sectorName });
  return out;
}

export function classText(tr: Translate, result: ClassSource | undefined, layer: Layer): string {
  const cls = classOf(result, layer);
  return cls ? tr(LAYER_SPEC[layer].message(cls)) : tr('farmOrder.noData');
}

/** Which class the sector map colours (pH, liming need, P, K, Mg): radios, so arrow keys switch it. */
export function LayerPicker({
  layer,
  onChange,
  tr,
}: {
  layer: Layer;
  onChange: (layer: Layer) => void;
  tr: Translate;
}) {
  const name = useId();
  return (
    <fieldset className="farm-order__layers" data-testid="nutrient-layer">
      <legend>{tr('farmOrder.layer')}</legend>
      {LAYERS.map((l) => (
        <label key={l}>
          <input type="radio" name={name} value={l} checked={layer === l} onChange={() => onChange(l)} />{' '}
          {tr(`farmOrder.layer_${l}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The shown layer's legend: a swatch and the class name in words for every colour, "no result" last. */
export function LayerLegend({ layer, tr }: { layer: Layer; tr: Translate }) {
  return (
    <section aria-label={tr('farmOrder.legend')} data-layer={layer}>
      <h3>
        {tr('farmOrder.legend')}: {tr(`farmOrder.layer_${layer}`)}
      </h3>
      <ul className="class-legend farm-order__legend">
        {legendEntries(layer).map((e) => (
          <li key={e.cls} data-class={e.cls}>
            <span className="class-legend__swatch" style={{ background: e.colour }} aria-hidden="true" />
            {tr(e.message)}
          </li>
        ))}
      </ul>
    </section>
  );
}
