import { booleanPointInPolygon, destination, pointToLineDistance } from '@turf/turf';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { PUNCTURES_PER_SAMPLE } from '@gleba/contracts';
import { HEADLAND_M, samplingPattern, type LngLat } from './pattern';
import { checkPuncture, headingTo, nextPoint } from './guidance';

const ORIGIN: LngLat = [21.602, 52.155];

/** A point `east` and `north` metres from the origin. */
function at(east: number, north: number, origin: LngLat = ORIGIN): Position {
  const e = destination(origin, Math.abs(east), east >= 0 ? 90 : -90, { units: 'meters' });
  return destination(e, Math.abs(north), north >= 0 ? 0 : 180, { units: 'meters' }).geometry.coordinates;
}
const ring = (corners: [number, number][]): Position[] => {
  const r = corners.map(([e, n]) => at(e, n));
  return [...r, r[0]!];
};
const poly = (...rings: [number, number][][]): Polygon => ({ type: 'Polygon', coordinates: rings.map(ring) });

/** Metres from the point to the nearest edge of the polygon (outer ring or hole). */
const edgeDistance = (p: LngLat, g: Polygon) =>
  Math.min(
    ...g.coordinates.map((r) =>
      pointToLineDistance(p, { type: 'LineString', coordinates: r }, { units: 'meters' }),
    ),
  );

const rectangle = poly([
  [0, 0],
  [300, 0],
  [300, 120],
  [0, 120],
]);

describe('samplingPattern', () => {
  it('lays out every count from 5 to 15 inside the sector, the headland kept', () => {
    for (let n = PUNCTURES_PER_SAMPLE.min; n <= PUNCTURES_PER_SAMPLE.max; n += 1) {
      const p = samplingPattern(rectangle, n);
      expect(p.points).toHaveLength(n);
      expect(p.layout).toBe('W');
      expect(p.headlandM).toBe(HEADLAND_M);
      for (const pt of p.points) {
        expect(booleanPointInPolygon(pt, rectangle)).toBe(true);
        expect(edgeDistance(pt, rectangle)).toBeGreaterThanOrEqual(HEADLAND_M - 0.5);
      }
      expect(new Set(p.points.map((x) => x.join())).size).toBe(n);
    }
  });

  it('zig-zags: the points go up and down across the long side, walked from the west', () => {
    const { points } = samplingPattern(rectangle, 10);
    const xs = points.map((p) => p[0]);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const ys = points.map((p) => p[1]);
    const turns = ys.slice(1, -1).filter((y, i) => (y - ys[i]!) * (ys[i + 2]! - y) < 0).length;
    expect(turns).toBeGreaterThanOrEqual(2);
  });

  it('runs along the longer side of a tall sector', () => {
    const tall = poly([
      [0, 0],
      [100, 0],
      [100, 400],
      [0, 400],
    ]);
    const ys = samplingPattern(tall, 8).points.map((p) => p[1]);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });

  it('is deterministic', () => {
    expect(samplingPattern(rectangle, 12)).toEqual(samplingPattern(rectangle, 12));
    const l = poly([
      [0, 0],
      [200, 0],
      [200, 60],
      [60, 60],
      [60, 200],
      [0, 200],
    ]);
    expect(samplingPattern(l, 9)).toEqual(samplingPattern(structuredClone(l), 9));
  });

  it('keeps out of the notch of a concave (L-shaped) sector', () => {
    const l = poly([
      [0, 0],
      [200, 0],
      [200, 60],
      [60, 60],
      [60, 200],
      [0, 200],
    ]);
    const p = samplingPattern(l, 15);
    expect(p.points).toHaveLength(15);
    for (const pt of p.points) {
      expect(booleanPointInPolygon(pt, l)).toBe(true);
      expect(edgeDistance(pt, l)).toBeGreaterThanOrEqual(p.headlandM - 0.5);
    }
    expect(p.headlandM).toBe(HEADLAND_M);
  });

  it('keeps away from a hole (a pond, a building) as from the edge', () => {
    const holed = poly(
      [
        [0, 0],
        [300, 0],
        [300, 200],
        [0, 200],
      ],
      [
        [100, 50],
        [200, 50],
        [200, 150],
        [100, 150],
      ].reverse() as [number, number][],
    );
    const p = samplingPattern(holed, 10);
    expect(p.points).toHaveLength(10);
    for (const pt of p.points) {
      expect(booleanPointInPolygon(pt, holed)).toBe(true);
      expect(edgeDistance(pt, holed)).toBeGreaterThanOrEqual(HEADLAND_M - 0.5);
    }
  });

  it('narrows the buffer for a tiny sector and never leaves it', () => {
    const tiny = poly([
      [0, 0],
      [12, 0],
      [12, 9],
      [0, 9],
    ]);
    const p = samplingPattern(tiny, 10);
    expect(p.points).toHaveLength(10);
    expect(p.headlandM).toBeLessThan(HEADLAND_M);
    for (const pt of p.points) expect(booleanPointInPolygon(pt, tiny)).toBe(true);

    const speck = poly([
      [0, 0],
      [0.6, 0],
      [0.6, 0.6],
      [0, 0.6],
    ]);
    const s = samplingPattern(speck, 5);
    expect(s.points).toHaveLength(5);
    expect(s.headlandM).toBe(0);
    expect(s.layout).toBe('SPOT');
    for (const pt of s.points) expect(booleanPointInPolygon(pt, speck)).toBe(true);
  });

  it('samples the largest part of a MultiPolygon', () => {
    const big = rectangle.coordinates;
    const small = poly([
      [400, 0],
      [440, 0],
      [440, 40],
      [400, 40],
    ]).coordinates;
    const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: [small, big] };
    const p = samplingPattern(multi, 6);
    for (const pt of p.points) expect(booleanPointInPolygon(pt, rectangle)).toBe(true);
  });

  it('follows a ring-shaped sector with a grid when the W misses it', () => {
    const ringShaped = poly(
      [
        [0, 0],
        [400, 0],
        [400, 400],
        [0, 400],
      ],
      [
        [40, 40],
        [360, 40],
        [360, 360],
        [40, 360],
      ].reverse() as [number, number][],
    );
    const p = samplingPattern(ringShaped, 12);
    expect(p.points).toHaveLength(12);
    expect(p.layout).toBe('GRID');
    for (const pt of p.points) {
      expect(booleanPointInPolygon(pt, ringShaped)).toBe(true);
      expect(edgeDistance(pt, ringShaped)).toBeGreaterThanOrEqual(p.headlandM - 0.5);
    }
  });

  it('refuses a count outside 1..50', () => {
    expect(() => samplingPattern(rectangle, 0)).toThrow(RangeError);
    expect(() => samplingPattern(rectangle, 51)).toThrow(RangeError);
    expect(() => samplingPattern(rectangle, 2.5)).toThrow(RangeError);
  });

  it('holds for sectors of many shapes and sizes (rotated quadrilaterals)', () => {
    for (let i = 0; i < 25; i += 1) {
      const w = 20 + ((i * 37) % 400);
      const h = 15 + ((i * 53) % 250);
      const skew = ((i * 17) % 60) - 30;
      const g = poly([
        [0, 0],
        [w, skew],
        [w + skew, h + skew],
        [skew, h],
      ]);
      const n = 5 + (i % 11);
      const p = samplingPattern(g, n);
      expect(p.points).toHaveLength(n);
      for (const pt of p.points) {
        expect(booleanPointInPolygon(pt, g)).toBe(true);
        expect(edgeDistance(pt, g)).toBeGreaterThanOrEqual(Math.max(0, p.headlandM - 0.5));
      }
    }
  });
});

describe('guidance', () => {
  it('names the distance and the compass direction to the next point', () => {
    const from = at(0, 0) as LngLat;
    expect(headingTo(from, at(0, 100) as LngLat)).toMatchObject({ distanceM: 100, compass: 'N' });
    expect(headingTo(from, at(50, -50) as LngLat)).toMatchObject({ compass: 'SE' });
    expect(headingTo(from, at(-80, 0) as LngLat)).toMatchObject({ distanceM: 80, compass: 'W' });
  });

  it('warns about a puncture far from its point or outside the sector', () => {
    const planned = at(150, 60) as LngLat;
    expect(checkPuncture(at(155, 60) as LngLat, planned, rectangle)).toEqual({
      distanceM: 5,
      insideSector: true,
      far: false,
    });
    expect(checkPuncture(at(150, 100) as LngLat, planned, rectangle).far).toBe(true);
    expect(checkPuncture(at(150, 130) as LngLat, planned, rectangle).insideSector).toBe(false);
  });

  it('finds the first point not yet taken', () => {
    expect(nextPoint(5, [])).toBe(0);
    expect(nextPoint(5, [0, 1, 3])).toBe(2);
    expect(nextPoint(3, [0, 1, 2])).toBeNull();
  });
});
