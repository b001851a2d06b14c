import {
  along,
  area,
  bbox,
  booleanPointInPolygon,
  buffer,
  distance,
  feature,
  length,
  lineString,
  pointGrid,
  pointOnFeature,
} from '@turf/turf';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';

/** A sector's outline as the map stores it (WGS84, [lng, lat]). */
export type Polygonal = Polygon | MultiPolygon;
/** [lng, lat] */
export type LngLat = [number, number];

/** Headland buffer kept from the sector's edge (m) when the sector is big enough for it. */
export const HEADLAND_M = 15;
/** Narrower buffers tried, in order, when a sector is too small for the full one. */
const BUFFER_STEPS_M = [HEADLAND_M, 10, 6, 3, 1.5] as const;
/** Largest number of points a pattern is laid out for. */
export const PATTERN_MAX_POINTS = 50;
/** How finely the W is walked when clipped to the sector (samples per W). */
const W_SAMPLES = 600;

export interface SamplingPattern {
  /** The punctures, [lng, lat], in walking order (from the west, or the south, end). */
  points: LngLat[];
  /** The buffer actually kept from the edge (m): HEADLAND_M, narrower for a small sector, 0 at the last resort. */
  headlandM: number;
  /**
   * W: a W across the sector's longer side, points evenly along its part inside the buffered
   * sector; GRID: a serpentine over a grid (the W misses the inner area, e.g. a ring);
   * SPOT: a sector too small for anything else, every puncture at one point inside it.
   */
  layout: 'W' | 'GRID' | 'SPOT';
}

/**
 * Where to take the punctures of one sample: `count` points laid out as a W (zig-zag) inside the
 * sector, `HEADLAND_M` away from its edge and from its holes. A sector too small for that buffer
 * gets a narrower one; no point is ever outside the sector. Pure and deterministic: the same
 * sector and count give the same points. A MultiPolygon is sampled in its largest part.
 */
export function samplingPattern(geometry: Polygonal, count: number): SamplingPattern {
  if (!Number.isInteger(count) || count < 1 || count > PATTERN_MAX_POINTS)
    throw new RangeError(`count must be an integer from 1 to ${PATTERN_MAX_POINTS}`);
  const sector = largestPart(geometry);
  for (const headlandM of BUFFER_STEPS_M) {
    const inner = shrink(sector, headlandM);
    if (!inner) continue;
    const w = alongW(inner, count);
    if (w) return { points: w, headlandM, layout: 'W' };
    const grid = serpentine(inner, count);
    if (grid) return { points: grid, headlandM, layout: 'GRID' };
  }
  const grid = serpentine(sector, count);
  if (grid) return { points: grid, headlandM: 0, layout: 'GRID' };
  const spot = pointOnFeature(sector).geometry.coordinates as LngLat;
  return { points: Array.from({ length: count }, () => round(spot)), headlandM: 0, layout: 'SPOT' };
}

function largestPart(geometry: Polygonal): Feature<Polygon> {
  if (geometry.type === 'Polygon') return feature(geometry);
  let best: Feature<Polygon> | null = null;
  let bestArea = -1;
  for (const rings of geometry.coordinates) {
    const part = feature<Polygon>({ type: 'Polygon', coordinates: rings });
    const a = area(part);
    if (a > bestArea) [best, bestArea] = [part, a];
  }
  if (!best) throw new RangeError('The sector has no polygon');
  return best;
}

/** The sector less a band of `m` metres along its edges and holes; null when nothing is left. */
function shrink(sector: Feature<Polygon>, m: number): Feature<Polygon | MultiPolygon> | null {
  const inner = buffer(sector, -m, { units: 'meters' });
  if (!inner || !inner.geometry) return null;
  const coords = inner.geometry.coordinates;
  if (!coords || coords.length === 0) return null;
  // A sliver a few square metres big is not a place to walk to.
  return area(inner) >= 1 ? inner : null;
}

const round = ([x, y]: Position): LngLat => [Math.round(x! * 1e7) / 1e7, Math.round(y! * 1e7) / 1e7];

/** A W over the area's bounding box, along its longer side, walked from the west (or south). */
function wLine(inner: Feature<Polygon | MultiPolygon>): Position[] {
  const [minX, minY, maxX, maxY] = bbox(inner) as [number, number, number, number];
  const midX = (minX + maxX) / 2;
  const midY = (minY + maxY) / 2;
  const widthM = distance([minX, midY], [maxX, midY], { units: 'meters' });
  const heightM = distance([midX, minY], [midX, maxY], { units: 'meters' });
  const inset = 0.08;
  const t = [inset, 0.29, 0.5, 0.71, 1 - inset];
  const high = 1 - inset;
  const low = inset;
  const lerp = (a: number, b: number, f: number) => a + (b - a) * f;
  return t.map((f, i) => {
    const across = i % 2 === 0 ? high : low;
    return widthM >= heightM
      ? [lerp(minX, maxX, f), lerp(minY, maxY, across)]
      : [lerp(minX, maxX, across), lerp(minY, maxY, f)];
  });
}

/** Points evenly along the part of the W inside the area; null when too little of it is inside. */
function alongW(inner: Feature<Polygon | MultiPolygon>, count: number): LngLat[] | null {
  const line = lineString(wLine(inner));
  const total = length(line, { units: 'meters' });
  if (!(total > 0)) return null;
  const step = total / W_SAMPLES;
  const samples: { at: number; inside: boolean; xy: Position }[] = [];
  for (let i = 0; i <= W_SAMPLES; i += 1) {
    const xy = along(line, i * step, { units: 'meters' }).geometry.coordinates;
    samples.push({ at: i * step, inside: booleanPointInPolygon(xy, inner), xy });
  }
  // Stretches of the W inside the area: pairs of neighbouring samples both inside.
  const runs: { from: number; to: number; start: number }[] = [];
  let insideLength = 0;
  for (let i = 0; i < W_SAMPLES; i += 1) {
    if (!samples[i]!.inside || !samples[i + 1]!.inside) continue;
    const last = runs[runs.length - 1];
    if (last && last.to === i) last.to = i + 1;
    else runs.push({ from: i, to: i + 1, start: insideLength });
    insideLength += step;
  }
  // Less than a tenth of the W inside: a zig-zag would crowd one corner.
  if (insideLength < total * 0.1) return null;
  const points: LngLat[] = [];
  for (let k = 0; k < count; k += 1) {
    const target = ((k + 0.5) * insideLength) / count;
    const run = runs.find((r) => target <= r.start + (r.to - r.from) * step) ?? runs[runs.length - 1]!;
    const at = samples[run.from]!.at + Math.min(target - run.start, (run.to - run.from) * step);
    let xy = along(line, at, { units: 'meters' }).geometry.coordinates;
    // Between two inside samples the line may clip a sharp corner: fall back to the nearer sample.
    if (!booleanPointInPolygon(xy, inner)) {
      const i = Math.min(run.to, Math.max(run.from, Math.round(at / step)));
      xy = samples[i]!.xy;
    }
    points.push(round(xy));
  }
  return points.every((p) => booleanPointInPolygon(p, inner)) ? points : null;
}

/** A grid over the area, walked row by row in alternate directions, `count` of its points evenly. */
function serpentine(area_: Feature<Polygon | MultiPolygon>, count: number): LngLat[] | null {
  const a = area(area_);
  if (!(a > 0)) return null;
  let cellM = Math.sqrt(a / (count * 3));
  for (let attempt = 0; attempt < 6; attempt += 1, cellM /= 2) {
    if (cellM < 0.25) break;
    const grid = pointGrid(bbox(area_), cellM, { units: 'meters' }).features.map(
      (f) => f.geometry.coordinates,
    );
    const inside = grid.filter((xy) => booleanPointInPolygon(xy, area_));
    if (inside.length < count) continue;
    // Rows by latitude; every other row reversed.
    const rows = new Map<number, Position[]>();
    for (const xy of inside) {
      const key = Math.round(xy[1]! * 1e9);
      rows.set(key, [...(rows.get(key) ?? []), xy]);
    }
    const ordered = [...rows.entries()]
      .sort(([a1], [b1]) => a1 - b1)
      .flatMap(([, row], i) => {
        const sorted = [...row].sort((p, q) => p[0]! - q[0]!);
        return i % 2 === 0 ? sorted : sorted.reverse();
      });
    return Array.from({ length: count }, (_, k) =>
      round(ordered[Math.floor(((k + 0.5) * ordered.length) / count)]!),
    );
  }
  return null;
}
