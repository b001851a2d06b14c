import type { TAreaGeometry } from '@gleba/contracts';

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

/** The box around all the geometries ([west, south, east, north]), or null when there are none. */
export function bboxOf(geometries: readonly TAreaGeometry[]): Bounds | null {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const g of geometries) {
    const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    for (const poly of polys)
      for (const ring of poly)
        for (const [x, y] of ring) {
          w = Math.min(w, x!);
          e = Math.max(e, x!);
          s = Math.min(s, y!);
          n = Math.max(n, y!);
        }
  }
  return Number.isFinite(w) ? [w, s, e, n] : null;
}
