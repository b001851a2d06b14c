import type { Position } from 'geojson';
import { GEO_LIMITS } from '@gleba/contracts';
import { geoError } from './errors';

/**
 * What a field can be (decision 0032): a vertex and ring count, an extent inside Poland and a
 * largest area. Checked before any geometry work whose cost grows faster than the input, so no
 * shape can make a request slow; the numbers are `GEO_LIMITS` in @gleba/contracts.
 */

function tooComplex(detail: string) {
  return geoError('shapeTooComplex', `The shape has too many vertices or rings (${detail})`, {
    ringMax: GEO_LIMITS.ringVertices,
    shapeMax: GEO_LIMITS.shapeVertices,
    ringsMax: GEO_LIMITS.shapeRings,
  });
}

/**
 * Refuses more vertices or rings than a shape may have; counts only, in time linear in the input.
 * `ringVertices` bounds a ring a request sends (the schemas); a shape made here may have a longer
 * one within `shapeVertices` (a split through a pond joins the pond's ring to the outline).
 */
export function checkShapeSize(polygons: Position[][][]): void {
  let rings = 0;
  let vertices = 0;
  for (const poly of polygons) {
    rings += poly.length;
    for (const ring of poly) vertices += ring.length;
  }
  if (rings > GEO_LIMITS.shapeRings) throw tooComplex(`${rings} rings, at most ${GEO_LIMITS.shapeRings}`);
  if (vertices > GEO_LIMITS.shapeVertices)
    throw tooComplex(`${vertices} vertices, at most ${GEO_LIMITS.shapeVertices}`);
}

/**
 * Refuses a set of shapes (a merge, a crop over several plots) whose vertices together exceed
 * what one shape may have, before their union is built.
 */
export function checkUnionInput(shapes: Position[][][][], max: number = GEO_LIMITS.shapeVertices): void {
  let vertices = 0;
  for (const polys of shapes) for (const poly of polys) for (const ring of poly) vertices += ring.length;
  if (vertices > max) throw tooComplex(`${vertices} vertices together, at most ${max}`);
}

/** Refuses a vertex outside Poland's extent (with a margin): no whole-globe or far-away rings. */
export function checkExtent(polygons: Position[][][]): void {
  const [west, south, east, north] = GEO_LIMITS.extent;
  for (const poly of polygons)
    for (const ring of poly)
      for (const p of ring) {
        const lng = p[0]!;
        const lat = p[1]!;
        if (!(lng >= west && lng <= east && lat >= south && lat <= north))
          throw geoError('shapeOutsidePoland', 'The shape must lie within Poland');
      }
}

/** Refuses a shape larger than `maxHa`. */
export function checkArea(areaM2: number, maxHa: number): void {
  if (areaM2 > maxHa * 10_000)
    throw geoError('shapeTooLarge', `The shape is larger than ${maxHa} ha`, { maxHa });
}

/**
 * True when two edges of the rings cross or touch, other than neighbours in one ring at their
 * shared vertex (turf `kinks`' rule: parallel edges do not count). A sweep over the edges sorted
 * by their west end: each edge is tested only against the edges still open at that longitude
 * whose latitude range meets its own. Runs after `checkShapeSize`, so the input is bounded.
 */
export function ringsIntersect(rings: Position[][]): boolean {
  let n = 0;
  for (const ring of rings) n += Math.max(0, ring.length - 1);
  const ax = new Float64Array(n);
  const ay = new Float64Array(n);
  const bx = new Float64Array(n);
  const by = new Float64Array(n);
  const minX = new Float64Array(n);
  const maxX = new Float64Array(n);
  const minY = new Float64Array(n);
  const maxY = new Float64Array(n);
  const ringOf = new Int32Array(n);
  const indexIn = new Int32Array(n);
  const ringLen = new Int32Array(rings.length); // segments of the ring
  const ringClosed = new Uint8Array(rings.length);
  let k = 0;
  rings.forEach((ring, r) => {
    const segs = Math.max(0, ring.length - 1);
    ringLen[r] = segs;
    const first = ring[0];
    const last = ring[ring.length - 1];
    ringClosed[r] = first && last && first[0] === last[0] && first[1] === last[1] ? 1 : 0;
    for (let i = 0; i < segs; i++, k++) {
      const a = ring[i]!;
      const b = ring[i + 1]!;
      ax[k] = a[0]!;
      ay[k] = a[1]!;
      bx[k] = b[0]!;
      by[k] = b[1]!;
      minX[k] = Math.min(ax[k]!, bx[k]!);
      maxX[k] = Math.max(ax[k]!, bx[k]!);
      minY[k] = Math.min(ay[k]!, by[k]!);
      maxY[k] = Math.max(ay[k]!, by[k]!);
      ringOf[k] = r;
      indexIn[k] = i;
    }
  });
  const order = Array.from({ length: n }, (_, i) => i).sort((p, q) => minX[p]! - minX[q]!);
  const neighbours = (p: number, q: number): boolean => {
    if (ringOf[p] !== ringOf[q]) return false;
    const i = indexIn[p]!;
    const j = indexIn[q]!;
    if (Math.abs(i - j) === 1) return true;
    const last = ringLen[ringOf[p]!]! - 1;
    return ringClosed[ringOf[p]!] === 1 && ((i === 0 && j === last) || (j === 0 && i === last));
  };
  const cross = (p: number, q: number): boolean => {
    const d = (by[q]! - ay[q]!) * (bx[p]! - ax[p]!) - (bx[q]! - ax[q]!) * (by[p]! - ay[p]!);
    if (d === 0) return false;
    const u = ay[p]! - ay[q]!;
    const v = ax[p]! - ax[q]!;
    const s = ((bx[q]! - ax[q]!) * u - (by[q]! - ay[q]!) * v) / d;
    const t = ((bx[p]! - ax[p]!) * u - (by[p]! - ay[p]!) * v) / d;
    return s >= 0 && s <= 1 && t >= 0 && t <= 1;
  };
  const active: number[] = [];
  for (const p of order) {
    const x = minX[p]!;
    let w = 0;
    for (const q of active) {
      if (maxX[q]! < x) continue;
      active[w++] = q;
      if (maxY[q]! < minY[p]! || minY[q]! > maxY[p]!) continue;
      if (!neighbours(p, q) && cross(p, q)) return true;
    }
    active.length = w;
    active.push(p);
  }
  return false;
}
