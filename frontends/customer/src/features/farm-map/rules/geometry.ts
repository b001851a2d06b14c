import area from '@turf/area';
import length from '@turf/length';
import type { TAreaGeometry, TPosition } from '@gleba/contracts';
import { bboxOf, type Bounds } from '../../../lib/map/bounds';

/** Client-side preview only (conventions: the server's figures are authoritative). */
export function previewAreaHa(geometry: TAreaGeometry): number {
  return area({ type: 'Feature', properties: {}, geometry }) / 10_000;
}

/** Lengths in metres of the outer ring's edges (closing edge included). */
export function edgeLengthsM(ring: TPosition[]): number[] {
  const pts = openRing(ring);
  if (pts.length < 2) return [];
  const edges: number[] = [];
  const count = pts.length === 2 ? 1 : pts.length;
  for (let i = 0; i < count; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    edges.push(
      length(
        { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [a, b] } },
        { units: 'meters' },
      ),
    );
  }
  return edges;
}

const same = (a: TPosition, b: TPosition) => Math.abs(a[0]! - b[0]!) < 1e-9 && Math.abs(a[1]! - b[1]!) < 1e-9;

/**
 * The distinct vertices of a ring, without the closing one. While drawing, terra-draw's ring also
 * holds the point under the cursor, which repeats the last click until the mouse moves.
 */
export function openRing(ring: TPosition[]): TPosition[] {
  const out: TPosition[] = [];
  for (const p of ring) if (!out.length || !same(out[out.length - 1]!, p)) out.push(p);
  while (out.length > 1 && same(out[0]!, out[out.length - 1]!)) out.pop();
  return out;
}

/** [west, south, east, north] of an area geometry (infinite for one without points). */
export function bbox(geometry: TAreaGeometry): Bounds {
  return bboxOf([geometry]) ?? [Infinity, Infinity, -Infinity, -Infinity];
}

/** The distinct consecutive points of a line (terra-draw repeats the cursor point over the last click). */
export function openLine(points: TPosition[]): TPosition[] {
  const out: TPosition[] = [];
  for (const p of points) if (!out.length || !same(out[out.length - 1]!, p)) out.push(p);
  return out;
}

/** Lengths in metres of a line's segments (the ruler: no closing segment). */
export function lineLengthsM(points: TPosition[]): number[] {
  const pts = openLine(points);
  const out: number[] = [];
  for (let i = 0; i + 1 < pts.length; i++) {
    out.push(
      length(
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'LineString', coordinates: [pts[i]!, pts[i + 1]!] },
        },
        { units: 'meters' },
      ),
    );
  }
  return out;
}

export type { Bounds };

/** The extent of several area geometries; null when there are none. */
export const extentOf = bboxOf;

/**
 * Where the map opens: on the chosen shape when there is one, else on all the user's plots;
 * null (the country view) for a user without plots.
 */
export function openingExtent(
  shapes: readonly { id: string; geometry: TAreaGeometry }[],
  chosenId?: string | null,
): Bounds | null {
  const chosen = chosenId ? shapes.find((s) => s.id === chosenId) : undefined;
  return chosen ? bbox(chosen.geometry) : extentOf(shapes.map((s) => s.geometry));
}
