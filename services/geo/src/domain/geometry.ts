import * as turf from '@turf/turf';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { GEO_LIMITS } from '@gleba/contracts';
import { geoError } from './errors';
import { checkArea, checkExtent, checkShapeSize, checkUnionInput, ringsIntersect } from './shape-bounds';

/**
 * Every geometry rule of the map tools, computed on the server (GeoJSON WGS84 in and out).
 * Areas are on the GRS80 ellipsoid (`areaM2`: turf's spherical area on the authalic sphere). Searches for cut positions (auto-divide) run on a local
 * equirectangular projection, where a line of constant x is a meridian, so the cells built from
 * them are exact rectangles in longitude/latitude too.
 */
export type Area = Polygon | MultiPolygon;
type XY = [number, number];

const M2_PER_HA = 10_000;

// GRS80 (= WGS84 to a tenth of a millimetre): the authalic sphere keeps areas of the ellipsoid.
const A = 6_378_137;
const E2 = 0.0066943800229;
const E = Math.sqrt(E2);
const q = (sinPhi: number) =>
  (1 - E2) *
  (sinPhi / (1 - E2 * sinPhi * sinPhi) - (1 / (2 * E)) * Math.log((1 - E * sinPhi) / (1 + E * sinPhi)));
const QP = q(1);
/**
 * sin of the authalic latitude of a geodetic latitude (degrees): the sphere of radius
 * A * sqrt(QP / 2) at these latitudes keeps the ellipsoid's areas.
 */
const authalicSin = (lat: number) => Math.max(-1, Math.min(1, q(Math.sin((lat * Math.PI) / 180)) / QP));
/** Half the authalic sphere's radius squared: turf's ring formula on that sphere. */
const AUTHALIC_RING_FACTOR = (A * A * QP) / 4;

/** turf's spherical ring area (the same sum, vertex by vertex) on the authalic sphere. */
function authalicRingArea(ring: Position[]): number {
  const n = ring.length - 1;
  if (n <= 2) return 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const lower = ring[i]!;
    const middle = ring[i + 1 === n ? 0 : i + 1]!;
    const upper = ring[i + 2 >= n ? (i + 2) % n : i + 2]!;
    total += ((upper[0]! - lower[0]!) * Math.PI * authalicSin(middle[1]!)) / 180;
  }
  return total * AUTHALIC_RING_FACTOR;
}

/**
 * The area on the GRS80 ellipsoid, in m²: every latitude moved to its authalic latitude, then
 * turf's spherical area on the authalic sphere. turf's own figure (a sphere of the mean radius,
 * true latitudes) is 0.3-0.4 % short across Poland; this one agrees with the area of EPSG:2180
 * coordinates corrected by the projection's scale, as ARiMR and the cadastre state areas.
 */
export function areaM2(geom: Area): number {
  let total = 0;
  for (const rings of polygonsOf(geom)) {
    if (rings.length === 0) continue;
    total += Math.abs(authalicRingArea(rings[0]!));
    for (let i = 1; i < rings.length; i++) total -= Math.abs(authalicRingArea(rings[i]!));
  }
  return total;
}

export function areaHa(geom: Area): number {
  return Math.round((areaM2(geom) / M2_PER_HA) * 10_000) / 10_000;
}

/** The polygons of an area (one for a Polygon). */
export function polygonsOf(geom: Area): Position[][][] {
  return geom.type === 'Polygon' ? [geom.coordinates] : geom.coordinates;
}

/** Polygon when there is one part, else MultiPolygon; null when nothing is left. */
export function fromPolygons(polys: Position[][][]): Area | null {
  if (polys.length === 0) return null;
  if (polys.length === 1) return { type: 'Polygon', coordinates: polys[0]! };
  return { type: 'MultiPolygon', coordinates: polys };
}

function feat(geom: Area): Feature<Area> {
  return turf.feature(geom);
}

function cleanRing(ring: Position[]): Position[] {
  const out: Position[] = [];
  for (const p of ring) {
    const q = [p[0]!, p[1]!];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && out.length > 1 && (first[0] !== last[0] || first[1] !== last[1]))
    out.push([first[0]!, first[1]!]);
  return out;
}

/**
 * Validates a shape and brings it to a canonical form: 2D positions, closed rings without
 * repeated vertices, RFC 7946 winding. Refuses, in this order: more vertices or rings than a shape
 * may have, a vertex outside Poland, rings with fewer than 3 vertices, edges that cross, parts
 * that overlap, no area, and more than `maxAreaHa` (a plot's limit is lower than a crop's).
 */
export function normalizeArea(input: Area | undefined | null, options: { maxAreaHa?: number } = {}): Area {
  if (!input) throw geoError('plotNotDrawn', 'Draw the plot on the map');
  checkShapeSize(polygonsOf(input));
  checkExtent(polygonsOf(input));
  const polys = polygonsOf(input).map((rings) => rings.map(cleanRing));
  for (const rings of polys) {
    if (rings.length === 0) throw geoError('geometryInvalid', 'A polygon needs an outer ring');
    for (const ring of rings) {
      if (ring.length < 4) throw geoError('geometryInvalid', 'A ring needs at least 3 distinct vertices');
    }
  }
  const geom = turf.rewind(fromPolygons(polys)!, { mutate: false }) as Area;
  if (ringsIntersect(polygonsOf(geom).flat()))
    throw geoError('shapeSelfIntersects', 'The edges of a shape cannot cross');
  if (geom.type === 'MultiPolygon' && geom.coordinates.length > 1) {
    // Parts of one shape must not overlap each other either. No edges cross or touch (above), so
    // two parts overlap only when one lies inside the other: one vertex tells.
    const parts = geom.coordinates as XY[][][];
    for (const [i, part] of parts.entries()) {
      const probe = part[0]![0]!;
      if (parts.some((other, j) => j !== i && pointInRings(probe, other)))
        throw geoError('shapeSelfIntersects', 'The parts of a shape cannot overlap');
    }
  }
  const area = turf.area(geom);
  if (area < 0.01) throw geoError('geometryInvalid', 'The shape has no area');
  checkArea(area, options.maxAreaHa ?? GEO_LIMITS.cropAreaHa);
  return geom;
}

/** A plot's shape: `normalizeArea` within a plot's largest area. */
export function normalizePlot(input: Area | undefined | null): Area {
  return normalizeArea(input, { maxAreaHa: GEO_LIMITS.plotAreaHa });
}

// ---- local projection ---------------------------------------------------------------------

export interface Projection {
  forward(p: Position): XY;
  inverse(p: XY): Position;
}

export function localProjection(geom: Area | Position[]): Projection {
  const [minX, minY, maxX, maxY] = Array.isArray(geom)
    ? turf.bbox(turf.lineString(geom as Position[]))
    : turf.bbox(geom);
  const lng0 = (minX + maxX) / 2;
  const lat0 = (minY + maxY) / 2;
  const kx = 111_320 * Math.cos((lat0 * Math.PI) / 180);
  const ky = 110_574;
  return {
    forward: (p) => [(p[0]! - lng0) * kx, (p[1]! - lat0) * ky],
    inverse: ([x, y]) => [lng0 + x / kx, lat0 + y / ky],
  };
}

function signedArea(ring: XY[]): number {
  let s = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

/** Sutherland-Hodgman against one axis-aligned half-plane. Exact for areas, concave rings included. */
function clipAxis(ring: XY[], axis: 0 | 1, value: number, keepBelow: boolean): XY[] {
  const out: XY[] = [];
  const n = ring.length;
  const inside = (p: XY) => (keepBelow ? p[axis] <= value : p[axis] >= value);
  for (let i = 0; i < n; i++) {
    const cur = ring[i]!;
    const prev = ring[(i + n - 1) % n]!;
    const cIn = inside(cur);
    const pIn = inside(prev);
    if (cIn !== pIn) {
      const t = (value - prev[axis]) / (cur[axis] - prev[axis]);
      const q: XY =
        axis === 0 ? [value, prev[1] + t * (cur[1] - prev[1])] : [prev[0] + t * (cur[0] - prev[0]), value];
      out.push(q);
    }
    if (cIn) out.push(cur);
  }
  return out;
}

type Clip = { axis: 0 | 1; value: number; keepBelow: boolean };

function clippedArea(rings: XY[][], clips: Clip[]): number {
  let total = 0;
  for (const ring of rings) {
    let r = ring;
    for (const c of clips) {
      r = clipAxis(r, c.axis, c.value, c.keepBelow);
      if (r.length < 3) break;
    }
    if (r.length >= 3) total += signedArea(r);
  }
  return total;
}

/** The coordinate where the clipped area reaches `target` (bisection on a monotone function). */
function solveCut(rings: XY[][], fixed: Clip[], axis: 0 | 1, lo: number, hi: number, target: number): number {
  let a = lo;
  let b = hi;
  for (let i = 0; i < 50; i++) {
    const mid = (a + b) / 2;
    const area = clippedArea(rings, [...fixed, { axis, value: mid, keepBelow: true }]);
    if (area < target) a = mid;
    else b = mid;
    if (b - a < 1e-4) break;
  }
  return (a + b) / 2;
}

function projectedRings(geom: Area, proj: Projection): XY[][] {
  const rings: XY[][] = [];
  for (const poly of polygonsOf(geom)) {
    for (const ring of poly) rings.push(ring.slice(0, -1).map(proj.forward));
  }
  return rings;
}

function intersectArea(a: Area, b: Area): Area | null {
  const r = turf.intersect(turf.featureCollection([feat(a), feat(b)]));
  return r ? r.geometry : null;
}

function cellPolygon(proj: Projection, x0: number, y0: number, x1: number, y1: number): Polygon {
  const ring = (
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ] as XY[]
  ).map(proj.inverse);
  return { type: 'Polygon', coordinates: [ring] };
}

/** A cell (corners in the local projection) as its box in degrees and the four clips to that box. */
function cellBox(proj: Projection, x0: number, y0: number, x1: number, y1: number) {
  const [minLng, minLat] = proj.inverse([x0, y0]) as XY;
  const [maxLng, maxLat] = proj.inverse([x1, y1]) as XY;
  const clips: Clip[] = [
    { axis: 0, value: minLng, keepBelow: false },
    { axis: 0, value: maxLng, keepBelow: true },
    { axis: 1, value: minLat, keepBelow: false },
    { axis: 1, value: maxLat, keepBelow: true },
  ];
  return { minLng, minLat, maxLng, maxLat, clips };
}

/**
 * The part of a shape inside an axis-aligned cell. Fast path: Sutherland-Hodgman on the outer
 * ring, valid when the clipped ring runs along each cell edge at most once (otherwise the clip
 * joined separate parts with zero-width bridges) and no hole crosses the cell edge; anything else
 * goes to turf's exact intersection.
 */
function clipToCell(
  geom: Area,
  proj: Projection,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): Area | null {
  const { minLng, minLat, maxLng, maxLat, clips } = cellBox(proj, x0, y0, x1, y1);
  // The exact clip gets only what lies in the cell's box (rings cut along it), not the whole shape.
  const exact = () =>
    intersectArea(
      turf.bboxClip(geom, [minLng, minLat, maxLng, maxLat]).geometry as Area,
      cellPolygon(proj, x0, y0, x1, y1),
    );
  if (geom.type !== 'Polygon') return exact();
  const [outer, ...holes] = geom.coordinates as XY[][];
  let r: XY[] = outer!.slice(0, -1);
  for (const c of clips) {
    r = clipAxis(r, c.axis, c.value, c.keepBelow);
    if (r.length < 3) return null;
  }
  for (const c of clips) {
    let onLine = 0;
    for (let i = 0; i < r.length; i++) {
      const a = r[i]!;
      const b = r[(i + 1) % r.length]!;
      if (a[c.axis] === c.value && b[c.axis] === c.value) onLine++;
    }
    if (onLine > 1) return exact();
  }
  const kept: XY[][] = [];
  for (const hole of holes) {
    let hx0 = Infinity,
      hy0 = Infinity,
      hx1 = -Infinity,
      hy1 = -Infinity;
    for (const [x, y] of hole) {
      hx0 = Math.min(hx0, x);
      hx1 = Math.max(hx1, x);
      hy0 = Math.min(hy0, y);
      hy1 = Math.max(hy1, y);
    }
    if (hx1 <= minLng || hx0 >= maxLng || hy1 <= minLat || hy0 >= maxLat) continue; // elsewhere
    if (hx0 > minLng && hx1 < maxLng && hy0 > minLat && hy1 < maxLat)
      kept.push(hole); // wholly inside
    else return exact();
  }
  return { type: 'Polygon', coordinates: [[...r, r[0]!], ...kept] };
}

/**
 * The area, m², of the part of a shape inside a cell (its corners in the local projection), from
 * the rings clipped to the cell's box: what `clipToCell`'s piece will measure, without building it
 * (a concave shape's exact clip is the costly step of a division).
 */
function cellAreaM2(geom: Area, proj: Projection, x0: number, y0: number, x1: number, y1: number): number {
  const { clips } = cellBox(proj, x0, y0, x1, y1);
  let total = 0;
  for (const rings of polygonsOf(geom)) {
    for (const [i, ring] of rings.entries()) {
      let r = ring.slice(0, -1) as XY[];
      for (const c of clips) if (r.length >= 3) r = clipAxis(r, c.axis, c.value, c.keepBelow);
      if (r.length < 3) continue;
      const area = Math.abs(authalicRingArea([...r, r[0]!]));
      total += i === 0 ? area : -area;
    }
  }
  return total;
}

/**
 * Splits a shape into compact sectors of at most `maxAreaM2`, all of (nearly) equal area:
 * n = ceil(area / max) sectors laid out as columns x rows following the shape's proportions;
 * column and row boundaries are solved so each cell holds exactly area / n, then each cell is
 * clipped to the shape (a cell of a concave shape may be multipart).
 */
export function autoDivide(geom: Area, maxAreaM2: number): Area[] {
  const total = areaM2(geom);
  let n = Math.max(1, Math.ceil(total / maxAreaM2 - 1e-9));
  if (n === 1) return [geom];
  const tooMany = (count: number) =>
    geoError('sectorsTooMany', `The division would make ${count} sectors, at most ${GEO_LIMITS.sectors}`, {
      count,
      max: GEO_LIMITS.sectors,
    });
  if (n > GEO_LIMITS.sectors) throw tooMany(n);
  const proj = localProjection(geom);
  const rings = projectedRings(geom, proj);
  const planarTotal = clippedArea(rings, []);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const r of rings)
    for (const [x, y] of r) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  const margin = Math.max(maxX - minX, maxY - minY) * 0.01 + 1;
  for (let attempt = 0; attempt < 4; attempt++, n++) {
    const w = maxX - minX;
    const h = maxY - minY;
    const cols = Math.min(n, Math.max(1, Math.round(Math.sqrt((n * w) / Math.max(h, 1e-9)))));
    const perCol = Array.from({ length: cols }, (_, i) => Math.floor(n / cols) + (i < n % cols ? 1 : 0));
    const pieces: Area[] = [];
    let tooLarge = false;
    let x0 = minX - margin;
    let done = 0;
    for (let c = 0; c < cols && !tooLarge; c++) {
      done += perCol[c]!;
      const x1 =
        c === cols - 1 ? maxX + margin : solveCut(rings, [], 0, minX, maxX, (planarTotal * done) / n);
      const colClips: Clip[] = [
        { axis: 0, value: x0, keepBelow: false },
        { axis: 0, value: x1, keepBelow: true },
      ];
      // The column's rings once, so each row's search clips only what lies in the column.
      const colRings = rings
        .map((ring) => colClips.reduce((r, clip) => clipAxis(r, clip.axis, clip.value, clip.keepBelow), ring))
        .filter((r) => r.length >= 3);
      const colArea = clippedArea(colRings, []);
      const rows = perCol[c]!;
      let y0 = minY - margin;
      for (let r = 0; r < rows && !tooLarge; r++) {
        const y1 =
          r === rows - 1 ? maxY + margin : solveCut(colRings, [], 1, minY, maxY, (colArea * (r + 1)) / rows);
        // A cell already over the limit (the projection is not the geodesic area) fails the attempt:
        // no cell of it is clipped exactly any more. (A hair over is left to the exact piece.)
        if (cellAreaM2(geom, proj, x0, y0, x1, y1) > maxAreaM2 * (1 + 1e-6)) tooLarge = true;
        else {
          const piece = clipToCell(geom, proj, x0, y0, x1, y1);
          if (piece && areaM2(piece) > 0.01) pieces.push(piece);
        }
        y0 = y1;
      }
      x0 = x1;
    }
    if (tooLarge) continue;
    // The projection is not the geodesic area: one more sector when a cell came out too large.
    if (pieces.every((p) => areaM2(p) <= maxAreaM2)) {
      if (pieces.length > GEO_LIMITS.sectors) throw tooMany(pieces.length);
      return pieces;
    }
  }
  throw new Error('auto-divide did not converge');
}

// ---- snapping -----------------------------------------------------------------------------

export interface Indexed {
  id: string;
  geometry: Area;
  bbox: [number, number, number, number];
}

export function indexed(id: string, geometry: Area): Indexed {
  return { id, geometry, bbox: turf.bbox(geometry) as [number, number, number, number] };
}

function bboxesMeet(a: number[], b: number[], pad = 0): boolean {
  return a[0]! - pad <= b[2]! && b[0]! - pad <= a[2]! && a[1]! - pad <= b[3]! && b[1]! - pad <= a[3]!;
}

/**
 * Moves each vertex of a drawn shape onto the nearest vertex of another field within
 * `toleranceM`, else onto the nearest point of another field's edge within it.
 */
export function snapArea(geom: Area, others: Indexed[], toleranceM: number): Area {
  if (toleranceM <= 0 || others.length === 0) return geom;
  const box = turf.bbox(geom);
  const padDeg = toleranceM / 60_000; // generous: 1 deg of latitude is about 111 km
  const near = others.filter((o) => bboxesMeet(box, o.bbox, padDeg));
  if (near.length === 0) return geom;
  const proj = localProjection(geom);
  const vertices: XY[] = [];
  const edges: [XY, XY][] = [];
  for (const o of near) {
    for (const poly of polygonsOf(o.geometry)) {
      for (const ring of poly) {
        const pts = ring.map(proj.forward);
        for (let i = 0; i < pts.length - 1; i++) {
          vertices.push(pts[i]!);
          edges.push([pts[i]!, pts[i + 1]!]);
        }
      }
    }
  }
  const tol2 = toleranceM * toleranceM;
  const snapPoint = (p: Position): Position => {
    const q = proj.forward(p);
    let best: XY | null = null;
    let bestD = tol2;
    for (const v of vertices) {
      const d = (v[0] - q[0]) ** 2 + (v[1] - q[1]) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = v;
      }
    }
    if (!best) {
      for (const [a, b] of edges) {
        const dx = b[0] - a[0];
        const dy = b[1] - a[1];
        const len2 = dx * dx + dy * dy;
        if (len2 === 0) continue;
        const t = Math.max(0, Math.min(1, ((q[0] - a[0]) * dx + (q[1] - a[1]) * dy) / len2));
        const c: XY = [a[0] + t * dx, a[1] + t * dy];
        const d = (c[0] - q[0]) ** 2 + (c[1] - q[1]) ** 2;
        if (d <= bestD) {
          bestD = d;
          best = c;
        }
      }
    }
    return best ? proj.inverse(best) : p;
  };
  const polys = polygonsOf(geom).map((rings) => rings.map((ring) => ring.map(snapPoint)));
  return fromPolygons(polys)!;
}

// ---- overlap ------------------------------------------------------------------------------

function isConvex(ring: XY[]): boolean {
  let sign = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    const c = ring[(i + 2) % n]!;
    const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** Sutherland-Hodgman against a convex, counter-clockwise ring: exact for areas of any subject ring. */
function clipByConvex(subject: XY[], clip: XY[]): XY[] {
  let out = subject;
  for (let i = 0, n = clip.length; i < n && out.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % n]!;
    const side = (p: XY) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    const input = out;
    out = [];
    for (let j = 0, m = input.length; j < m; j++) {
      const cur = input[j]!;
      const prev = input[(j + m - 1) % m]!;
      const sc = side(cur);
      const sp = side(prev);
      if (sc >= 0 !== sp >= 0) {
        const t = sp / (sp - sc);
        out.push([prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])]);
      }
      if (sc >= 0) out.push(cur);
    }
  }
  return out;
}

/** The single convex outer ring of a shape (counter-clockwise), or null. */
function convexRing(geom: Area, proj: Projection): XY[] | null {
  if (geom.type !== 'Polygon' || geom.coordinates.length !== 1) return null;
  const ring = geom.coordinates[0]!.slice(0, -1).map(proj.forward);
  if (!isConvex(ring)) return null;
  return signedArea(ring) < 0 ? ring.reverse() : ring;
}

/** Counter-clockwise triangles covering a shape exactly (earcut through turf's tesselate). */
function triangles(geom: Area, proj: Projection): XY[][] {
  const out: XY[][] = [];
  for (const coords of polygonsOf(geom)) {
    for (const t of turf.tesselate(turf.polygon(coords)).features) {
      const tri = t.geometry.coordinates[0]!.slice(0, 3).map(proj.forward);
      out.push(signedArea(tri) < 0 ? tri.reverse() : tri);
    }
  }
  return out;
}

const clipA = new Float64Array(24);
const clipB = new Float64Array(24);

/** Area of two counter-clockwise triangles' intersection (Sutherland-Hodgman, no allocation). */
function triangleIntersectionArea(t: XY[], c: XY[]): number {
  let src = clipA;
  let dst = clipB;
  let n = 3;
  for (let i = 0; i < 3; i++) {
    src[2 * i] = t[i]![0];
    src[2 * i + 1] = t[i]![1];
  }
  for (let e = 0; e < 3 && n > 0; e++) {
    const ax = c[e]![0];
    const ay = c[e]![1];
    const bx = c[(e + 1) % 3]![0];
    const by = c[(e + 1) % 3]![1];
    let m = 0;
    for (let j = 0; j < n; j++) {
      const px = src[2 * ((j + n - 1) % n)]!;
      const py = src[2 * ((j + n - 1) % n) + 1]!;
      const qx = src[2 * j]!;
      const qy = src[2 * j + 1]!;
      const sp = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
      const sq = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
      if (sq >= 0 !== sp >= 0) {
        const k = sp / (sp - sq);
        dst[2 * m] = px + k * (qx - px);
        dst[2 * m + 1] = py + k * (qy - py);
        m++;
      }
      if (sq >= 0) {
        dst[2 * m] = qx;
        dst[2 * m + 1] = qy;
        m++;
      }
    }
    [src, dst] = [dst, src];
    n = m;
  }
  let area = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    area += src[2 * i]! * src[2 * j + 1]! - src[2 * j]! * src[2 * i + 1]!;
  }
  return area / 2;
}

/** Area where triangles of different labels overlap (same-label triangles never do): a sweep over their boxes. */
function labelledOverlap(items: { t: XY[]; label: number }[]): number {
  type Box = { t: XY[]; label: number; x0: number; x1: number; y0: number; y1: number };
  const all: Box[] = items
    .map(({ t, label }) => ({
      t,
      label,
      x0: Math.min(t[0]![0], t[1]![0], t[2]![0]),
      x1: Math.max(t[0]![0], t[1]![0], t[2]![0]),
      y0: Math.min(t[0]![1], t[1]![1], t[2]![1]),
      y1: Math.max(t[0]![1], t[1]![1], t[2]![1]),
    }))
    .sort((p, q) => p.x0 - q.x0);
  const active: Box[] = [];
  let total = 0;
  for (const cur of all) {
    let w = 0;
    for (const o of active) {
      if (o.x1 < cur.x0) continue;
      active[w++] = o;
      if (o.label === cur.label || o.y1 < cur.y0 || o.y0 > cur.y1) continue;
      total += triangleIntersectionArea(cur.t, o.t);
    }
    active.length = w;
    active.push(cur);
  }
  return total;
}

/** Area common to two sets of triangles (each set without overlaps): a sweep over their boxes. */
function trianglesOverlap(a: XY[][], b: XY[][]): number {
  type Box = { t: XY[]; side: 0 | 1; x0: number; x1: number; y0: number; y1: number };
  const box = (t: XY[], side: 0 | 1): Box => ({
    t,
    side,
    x0: Math.min(t[0]![0], t[1]![0], t[2]![0]),
    x1: Math.max(t[0]![0], t[1]![0], t[2]![0]),
    y0: Math.min(t[0]![1], t[1]![1], t[2]![1]),
    y1: Math.max(t[0]![1], t[1]![1], t[2]![1]),
  });
  const all = [...a.map((t) => box(t, 0)), ...b.map((t) => box(t, 1))].sort((p, q) => p.x0 - q.x0);
  const active: [Box[], Box[]] = [[], []];
  let total = 0;
  for (const cur of all) {
    const others = active[cur.side === 0 ? 1 : 0];
    let w = 0;
    for (const o of others) {
      if (o.x1 < cur.x0) continue;
      others[w++] = o;
      if (o.y1 < cur.y0 || o.y0 > cur.y1) continue;
      total += triangleIntersectionArea(cur.t, o.t);
    }
    others.length = w;
    active[cur.side].push(cur);
  }
  return total;
}

/**
 * Share (percent of the new shape's area) covered by existing shapes, and which ones. Candidates
 * are found by bounding box; the common area is an exact clip on a local projection against a
 * convex side: the new shape, else the existing one, else the new shape's triangles.
 */
export function overlapPercent(geom: Area, others: Indexed[]): { percent: number; ids: string[] } {
  const box = turf.bbox(geom);
  const near = others.filter((o) => bboxesMeet(box, o.bbox));
  if (near.length === 0) return { percent: 0, ids: [] };
  const proj = localProjection(geom);
  const freshRings = projectedRings(geom, proj);
  const planarTotal = clippedArea(freshRings, []);
  const freshConvex = convexRing(geom, proj);
  let freshTriangles: XY[][] | undefined;
  let covered = 0;
  const ids: string[] = [];
  for (const o of near) {
    let a: number;
    const otherConvex = freshConvex ? null : convexRing(o.geometry, proj);
    if (freshConvex) {
      a = projectedRings(o.geometry, proj).reduce(
        (sum, r) => sum + signedArea(clipByConvex(r, freshConvex)),
        0,
      );
    } else if (otherConvex) {
      a = freshRings.reduce((sum, r) => sum + signedArea(clipByConvex(r, otherConvex)), 0);
    } else {
      // Both concave: both as triangles, each pair whose boxes meet clipped exactly (convex clips,
      // no polygon boolean), found by a sweep, so the work follows the pieces of the overlap.
      freshTriangles ??= triangles(geom, proj);
      a = trianglesOverlap(freshTriangles, triangles(o.geometry, proj));
    }
    if (a > 0.01) {
      covered += a;
      ids.push(o.id);
    }
  }
  return { percent: planarTotal > 0 ? (covered / planarTotal) * 100 : 0, ids };
}

/** True when `inner` lies inside `outer`, allowing for rounding at shared edges. */
export function liesWithin(inner: Area, outer: Area): boolean {
  // The area of `inner` outside `outer`: its area less the common one (both as triangles, swept;
  // no polygon boolean).
  const proj = localProjection(inner);
  const tris = triangles(inner, proj);
  const own = tris.reduce((sum, t) => sum + signedArea(t), 0);
  const outside = own - trianglesOverlap(tris, triangles(outer, proj));
  return outside <= Math.max(1, own * 0.002);
}

/**
 * Sectors set by hand: how much of them overlaps another sector, and how much lies outside the
 * crop, in m² (triangles of all of them, swept: no polygon boolean).
 */
export function sectorsFit(
  sectors: Area[],
  crop: Area,
): { overlapM2: number; outsideM2: number; totalM2: number } {
  const proj = localProjection(crop);
  const labelled = sectors.flatMap((s, i) => triangles(s, proj).map((t) => ({ t, label: i })));
  const total = labelled.reduce((sum, x) => sum + signedArea(x.t), 0);
  const overlapM2 = labelledOverlap(labelled);
  const inside = trianglesOverlap(
    labelled.map((x) => x.t),
    triangles(crop, proj),
  );
  return { overlapM2, outsideM2: total - inside, totalM2: total };
}

// ---- move, merge, cut, divide -------------------------------------------------------------

export function moveArea(geom: Area, distanceM: number, bearingDeg: number): Area {
  return turf.transformTranslate(geom, distanceM, bearingDeg, { units: 'meters' }) as Area;
}

export function unionAreas(geoms: Area[], maxVertices?: number): Area | null {
  if (geoms.length === 1) return geoms[0]!;
  checkUnionInput(geoms.map(polygonsOf), maxVertices);
  const u = turf.union(turf.featureCollection(geoms.map(feat)));
  return u ? u.geometry : null;
}

/** Union of adjacent or overlapping shapes; refuses shapes that stay apart. */
export function mergeAreas(geoms: Area[]): Area {
  const u = unionAreas(geoms);
  if (!u || u.type === 'MultiPolygon')
    throw geoError('mergeNotAdjacent', 'Only adjacent or overlapping shapes can be merged');
  return u;
}

/** Removes a drawn ring from a crop; the rest may be multipart. */
export function cutOut(geom: Area, ring: Position[]): Area {
  checkShapeSize([[ring]]);
  checkExtent([[ring]]);
  const cleaned = cleanRing(ring);
  if (cleaned.length < 4)
    throw geoError('cutTooFewVertices', 'The shape to cut out needs at least 3 vertices');
  const cut = turf.rewind({ type: 'Polygon', coordinates: [cleaned] } as Polygon, {
    mutate: false,
  }) as Polygon;
  if (ringsIntersect(cut.coordinates))
    throw geoError('shapeSelfIntersects', 'The edges of a shape cannot cross');
  if (areaM2(cut) < 0.01) throw geoError('geometryInvalid', 'The shape to cut out has no area');
  if (!liesWithin(cut, geom))
    throw geoError('cutOutsideCrop', 'The shape to cut out must lie inside the crop');
  const rest = turf.difference(turf.featureCollection([feat(geom), feat(cut)]));
  if (!rest || areaM2(rest.geometry) < 1)
    throw geoError('cropCannotDeleteAll', 'The whole crop area cannot be removed');
  return rest.geometry;
}

function pointInRings(p: XY, rings: XY[][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i]!;
      const b = ring[j]!;
      if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0])
        inside = !inside;
    }
  }
  return inside;
}

function distToRings(p: XY, rings: XY[][]): number {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
      best = Math.min(best, Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]));
    }
  }
  return best;
}

/**
 * Divides a shape by a straight line of exactly 2 vertices. Both ends must lie outside the shape
 * and the line must cross it. The shape is split by the line's two half-planes; where the line's
 * continuation beyond its ends crosses another part of a concave shape, the two halves there are
 * joined again, so only what the drawn segment crosses is divided.
 */
export function divideByLine(geom: Area, line: Position[]): Area[] {
  if (line.length !== 2)
    throw geoError('wrongCoordinateCount', 'The division line must have exactly 2 points');
  const proj = localProjection([...polygonsOf(geom).flat(2), ...line]);
  const p0 = proj.forward(line[0]!);
  const p1 = proj.forward(line[1]!);
  const rings = projectedRings(geom, proj);
  const dx = p1[0] - p0[0];
  const dy = p1[1] - p0[1];
  const len = Math.hypot(dx, dy);
  const mustCross = () =>
    geoError('divideLineMustCross', 'The division line must cross the whole shape from edge to edge');
  if (len < 0.01) throw mustCross();
  if (pointInRings(p0, rings) || pointInRings(p1, rings)) throw mustCross();
  const ux = dx / len;
  const uy = dy / len;
  // Parameters (in metres along the line) where the infinite line crosses the shape's edges.
  const ts: number[] = [];
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      const ex = b[0] - a[0];
      const ey = b[1] - a[1];
      const den = ux * ey - uy * ex;
      if (Math.abs(den) < 1e-12) continue;
      const t = ((a[0] - p0[0]) * ey - (a[1] - p0[1]) * ex) / den;
      const s = ((a[0] - p0[0]) * uy - (a[1] - p0[1]) * ux) / den;
      if (s >= 0 && s <= 1) ts.push(t);
    }
  }
  ts.sort((a, b) => a - b);
  const real: number[] = [];
  const extra: XY[] = [];
  for (let i = 0; i + 1 < ts.length; i++) {
    const a = ts[i]!;
    const b = ts[i + 1]!;
    if (b - a < 1e-6) continue;
    const m = (a + b) / 2;
    const mid: XY = [p0[0] + ux * m, p0[1] + uy * m];
    if (!pointInRings(mid, rings)) continue;
    if (a >= -1e-6 && b <= len + 1e-6) real.push(m);
    else extra.push(mid);
  }
  if (real.length === 0) throw mustCross();
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const r of rings)
    for (const [x, y] of r) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  const R = (Math.hypot(maxX - minX, maxY - minY) + len) * 4;
  const side = (sign: 1 | -1): Polygon => {
    const nx = -uy * sign;
    const ny = ux * sign;
    const a: XY = [p0[0] - ux * R, p0[1] - uy * R];
    const b: XY = [p1[0] + ux * R, p1[1] + uy * R];
    const ring = ([a, b, [b[0] + nx * R, b[1] + ny * R], [a[0] + nx * R, a[1] + ny * R], a] as XY[]).map(
      proj.inverse,
    );
    return turf.rewind({ type: 'Polygon', coordinates: [ring] } as Polygon, { mutate: false }) as Polygon;
  };
  const parts: { poly: Position[][]; rings: XY[][] }[] = [];
  for (const sign of [1, -1] as const) {
    const half = intersectArea(geom, side(sign));
    if (!half) continue;
    for (const poly of polygonsOf(half)) {
      if (turf.area(turf.polygon(poly)) < 0.01) continue;
      parts.push({ poly, rings: poly.map((r) => r.slice(0, -1).map(proj.forward)) });
    }
  }
  // Join the halves the segment's continuation separated (union-find over parts).
  const parent = parts.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (const mid of extra) {
    const touching = parts.map((p, i) => ({ i, d: distToRings(mid, p.rings) })).filter((x) => x.d < 0.01);
    for (let k = 1; k < touching.length; k++) parent[find(touching[k]!.i)] = find(touching[0]!.i);
  }
  const groups = new Map<number, Position[][][]>();
  parts.forEach((p, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), p.poly]);
  });
  const pieces: Area[] = [];
  for (const polys of groups.values()) {
    const piece =
      polys.length === 1
        ? fromPolygons(polys)!
        : unionAreas(polys.map((c) => ({ type: 'Polygon', coordinates: c }) as Polygon));
    if (piece) pieces.push(piece);
  }
  if (pieces.length < 2) throw mustCross();
  return pieces.sort((a, b) => areaM2(b) - areaM2(a));
}
