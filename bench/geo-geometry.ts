// geo's server-side geometry: auto-divide of a 250 ha field into <= 4 ha sectors (goal <= 200 ms)
// and the overlap check of a new plot against a user's 500 plots (goal <= 50 ms).
//   npx tsx bench/geo-geometry.ts
import type { Polygon, Position } from 'geojson';
const { areaHa, areaM2, autoDivide, indexed, normalizeArea, overlapPercent } =
  await import('../services/geo/src/domain/geometry');

const ORIGIN: [number, number] = [21.62, 52.16];
const KX = 111_320 * Math.cos((ORIGIN[1] * Math.PI) / 180);
const KY = 110_574;
const at = (x: number, y: number): Position => [ORIGIN[0] + x / KX, ORIGIN[1] + y / KY];
const poly = (pts: [number, number][]): Polygon => ({
  type: 'Polygon',
  coordinates: [[...pts.map(([x, y]) => at(x, y)), at(...pts[0]!)]],
});

function timed<T>(runs: number, fn: () => T): { first: number; median: number; result: T } {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = fn();
    times.push(performance.now() - t);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { first: times[0]!, median: sorted[Math.floor(sorted.length / 2)]!, result };
}

// A 250 ha field with an irregular, partly concave outline (about 2 x 1.3 km, a bay on the north side).
const outline: [number, number][] = [];
for (let i = 0; i <= 40; i++) outline.push([i * 50, 15 * Math.sin(i / 3)]);
outline.push([2000, 1300], [1300, 1300], [1200, 900], [900, 900], [800, 1300], [0, 1300]);
let field = normalizeArea(poly(outline));
const scale = Math.sqrt(250 / areaHa(field));
field = normalizeArea(poly(outline.map(([x, y]) => [x * scale, y * scale])));

const divide = timed(7, () => autoDivide(field, 40_000));
const sectors = divide.result.map(areaM2);
console.log(
  `auto-divide ${areaHa(field).toFixed(1)} ha into <= 4 ha: ${sectors.length} sectors, ` +
    `${(Math.min(...sectors) / 1e4).toFixed(3)}-${(Math.max(...sectors) / 1e4).toFixed(3)} ha; ` +
    `first ${divide.first.toFixed(1)} ms, median ${divide.median.toFixed(1)} ms (goal <= 200 ms)`,
);

// 500 plots of 1-3 ha in a 25 x 20 grid with farm tracks between them, and a new 12 ha plot over some of them.
const plots: ReturnType<typeof indexed>[] = [];
for (let i = 0; i < 500; i++) {
  const cx = (i % 25) * 220;
  const cy = Math.floor(i / 25) * 220;
  const w = 100 + (i % 7) * 15;
  const h = 100 + (i % 5) * 20;
  plots.push(
    indexed(
      `p${i}`,
      normalizeArea(
        poly([
          [cx, cy],
          [cx + w, cy],
          [cx + w, cy + h],
          [cx + w / 2, cy + h + 20],
          [cx, cy + h],
        ]),
      ),
    ),
  );
}
const fresh = normalizeArea(
  poly([
    [1000, 1000],
    [1400, 1000],
    [1400, 1300],
    [1000, 1300],
  ]),
);
const overlap = timed(21, () => overlapPercent(fresh, plots));
console.log(
  `overlap check of a new plot against ${plots.length} plots: ${overlap.result.percent.toFixed(1)}% covered by ${overlap.result.ids.length}; ` +
    `first ${overlap.first.toFixed(1)} ms, median ${overlap.median.toFixed(1)} ms (goal <= 50 ms)`,
);

// Worst case: a concave new plot against concave (L-shaped) plots goes through turf's intersection.
const lPlots = plots.map((p, i) => {
  const cx = (i % 25) * 220;
  const cy = Math.floor(i / 25) * 220;
  return indexed(
    p.id,
    normalizeArea(
      poly([
        [cx, cy],
        [cx + 150, cy],
        [cx + 150, cy + 60],
        [cx + 60, cy + 60],
        [cx + 60, cy + 150],
        [cx, cy + 150],
      ]),
    ),
  );
});
const freshU = normalizeArea(
  poly([
    [1000, 1000],
    [1400, 1000],
    [1400, 1300],
    [1300, 1300],
    [1300, 1100],
    [1100, 1100],
    [1100, 1300],
    [1000, 1300],
  ]),
);
const worst = timed(21, () => overlapPercent(freshU, lPlots));
console.log(
  `overlap check, concave plot against ${lPlots.length} concave plots: ${worst.result.percent.toFixed(1)}% covered by ${worst.result.ids.length}; ` +
    `first ${worst.first.toFixed(1)} ms, median ${worst.median.toFixed(1)} ms (goal <= 50 ms)`,
);
