import type { TAreaGeometry, TCrop, TFieldResultView } from '@gleba/contracts';

import { WHOLE, shapeKeyOf } from '../../../lib/results/class-layers';

export { WHOLE };

export interface SectorView {
  key: string;
  name: string;
  geometry: TAreaGeometry | null;
  /** geo's area of the sector (of the crop when undivided); null for a sample without a shape. */
  areaHa: number | null;
  result: TFieldResultView | undefined;
}

export type SampleSectors = Map<string, { sectorId: string | null; sectorName: string | null }>;

/**
 * The crop's sectors (or the whole crop) with the result of one order each; results of sectors no
 * longer on the map (or of the crop before it was divided) are listed without a shape, and without
 * a crop (deleted) every result is.
 */
export function sectorViews(
  results: readonly TFieldResultView[],
  where: SampleSectors,
  crop: TCrop | undefined,
  wholeName: string,
): SectorView[] {
  const loose = (r: TFieldResultView): SectorView => ({
    key: `sample-${r.testId}`,
    name: where.get(r.testId)?.sectorName ?? r.code,
    geometry: null,
    areaHa: null,
    result: r,
  });
  if (!crop) return results.map(loose);
  const keyOf = (r: TFieldResultView) => shapeKeyOf(crop, where.get(r.testId)?.sectorId);
  const shapes = crop.divided
    ? crop.sectors.map((s) => ({ key: s.id, name: s.name, geometry: s.geometry, areaHa: s.areaHa }))
    : [{ key: WHOLE, name: wholeName, geometry: crop.geometry, areaHa: crop.areaHa }];
  const views: SectorView[] = shapes.map((s) => ({
    ...s,
    result: results.find((r) => keyOf(r) === s.key),
  }));
  for (const r of results) if (!views.some((v) => v.result === r)) views.push(loose(r));
  return views;
}
