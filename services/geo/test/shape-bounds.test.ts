import * as turf from '@turf/turf';
import type { Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { GEO_LIMITS, ZCreatePlotBody, ZCutBody } from '@gleba/contracts';
import {
  autoDivide,
  cutOut,
  divideByLine,
  mergeAreas,
  normalizeArea,
  normalizePlot,
  overlapPercent,
  indexed,
  type Area,
} from '../src/domain/geometry';
import { ringsIntersect } from '../src/domain/shape-bounds';
import { comb, line, rect, ring, star } from './shapes';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

/** A deterministic pseudo-random sequence (the cases are the same on every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The whole globe as one ring: accepted before the bounds (and auto-divided into millions of sectors). */
const GLOBE: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-179.9, -89.9],
      [179.9, -89.9],
      [179.9, 89.9],
      [-179.9, 89.9],
      [-179.9, -89.9],
    ],
  ],
};

describe('the bounds of a shape', () => {
  it('refuses in the schema a ring over the cap, with the code and its parameters', () => {
    const sent = ZCreatePlotBody.safeParse({ geometry: star(GEO_LIMITS.ringVertices) });
    expect(sent.success).toBe(false);
    expect(ZCreatePlotBody.safeParse({ geometry: star(GEO_LIMITS.ringVertices - 1) }).success).toBe(true);
    const rings = [0, 1200, 2400].map(
      (x) => star(Math.ceil(GEO_LIMITS.shapeVertices / 3) + 2, x, 0).coordinates,
    );
    const total = ZCreatePlotBody.safeParse({ geometry: { type: 'MultiPolygon', coordinates: rings } });
    expect(total.error?.issues[0]).toMatchObject({
      code: 'custom',
      params: { errorCode: 'shapeTooComplex' },
    });
    expect(ZCutBody.safeParse({ ring: star(GEO_LIMITS.ringVertices).coordinates[0] }).success).toBe(false);
  });

  it('refuses a shape or a ring count over the caps before any geometry work', () => {
    expect(codeOf(() => normalizeArea(star(GEO_LIMITS.shapeVertices + 2)))).toBe('shapeTooComplex');
    expect(normalizeArea(star(GEO_LIMITS.ringVertices - 2)).type).toBe('Polygon');
    // Three rings each within the ring cap, more than a shape may have together.
    const third = Math.ceil(GEO_LIMITS.shapeVertices / 3) + 2;
    expect(third).toBeLessThanOrEqual(GEO_LIMITS.ringVertices);
    const parts = [0, 1200, 2400].map((x) => star(third, x, 0).coordinates);
    expect(codeOf(() => normalizeArea({ type: 'MultiPolygon', coordinates: parts }))).toBe('shapeTooComplex');
    const many = Array.from(
      { length: GEO_LIMITS.shapeRings + 1 },
      (_, i) => rect(i * 20, 0, 10, 10).coordinates,
    );
    expect(codeOf(() => normalizeArea({ type: 'MultiPolygon', coordinates: many }))).toBe('shapeTooComplex');
    // The error names the caps for the translated message.
    try {
      normalizeArea(star(GEO_LIMITS.shapeVertices + 2));
    } catch (error) {
      expect((error as { params?: unknown }).params).toEqual({
        ringMax: GEO_LIMITS.ringVertices,
        shapeMax: GEO_LIMITS.shapeVertices,
        ringsMax: GEO_LIMITS.shapeRings,
      });
    }
  });

  it('refuses a whole-globe ring and a shape outside Poland', () => {
    expect(codeOf(() => normalizeArea(GLOBE))).toBe('shapeOutsidePoland');
    expect(codeOf(() => normalizePlot(GLOBE))).toBe('shapeOutsidePoland');
    const berlin = turf.bboxPolygon([13.3, 52.5, 13.31, 52.51]).geometry;
    expect(codeOf(() => normalizeArea(berlin))).toBe('shapeOutsidePoland');
    // Auto-divide of the globe (a crop stored before the bounds): refused, not millions of sectors.
    expect(codeOf(() => autoDivide(GLOBE, 4 * 10_000))).toBe('sectorsTooMany');
  });

  it('refuses a plot larger than a plausible field; a crop over several plots may be larger', () => {
    const big = rect(0, 0, 4000, 3000); // 1,200 ha
    expect(codeOf(() => normalizePlot(big))).toBe('shapeTooLarge');
    expect(normalizeArea(big).type).toBe('Polygon');
    const huge = rect(0, 0, 12_000, 10_000); // 12,000 ha
    expect(codeOf(() => normalizeArea(huge))).toBe('shapeTooLarge');
  });

  it('refuses an auto-divide into more sectors than a crop may have', () => {
    const field = rect(0, 0, 1000, 1000); // 100 ha
    expect(codeOf(() => autoDivide(field, 0.1 * 10_000))).toBe('sectorsTooMany'); // 1,000 sectors
    const maxHa = 100 / (GEO_LIMITS.sectors - 5);
    const sectors = autoDivide(field, maxHa * 10_000);
    expect(sectors.length).toBeGreaterThanOrEqual(GEO_LIMITS.sectors - 5);
    expect(sectors.length).toBeLessThanOrEqual(GEO_LIMITS.sectors);
  });

  it('bounds cut-outs, merges and the union before it is built', () => {
    const crop = rect(0, 0, 1000, 1000);
    const tooManyVertices = star(GEO_LIMITS.shapeVertices + 2, 500, 500, 200, 180).coordinates[0]!;
    expect(codeOf(() => cutOut(crop, tooManyVertices))).toBe('shapeTooComplex');
    const farAway: Position[] = [
      [30, 60],
      [31, 60],
      [31, 61],
    ];
    expect(codeOf(() => cutOut(crop, farAway))).toBe('shapeOutsidePoland');
    const big = [0, 900, 1800, 2700, 3600].map((x) => star(GEO_LIMITS.ringVertices - 2, x, 0) as Area);
    expect(codeOf(() => mergeAreas(big))).toBe('shapeTooComplex');
  });

  it('divides a many-vertex field into pieces within the bounds', () => {
    const field = star(GEO_LIMITS.ringVertices - 2);
    const pieces = divideByLine(field, line([-600, 3], [600, -3]).coordinates).map((p) => normalizePlot(p));
    expect(pieces).toHaveLength(2);
  });
});

describe('self-intersection (a sweep over the edges)', () => {
  it('agrees with turf kinks on random rings', () => {
    const next = random(21);
    let crossing = 0;
    for (let k = 0; k < 400; k++) {
      const n = 3 + Math.floor(next() * 9);
      const pts: [number, number][] = Array.from({ length: n }, () => [
        Math.round(next() * 20) * 10,
        Math.round(next() * 20) * 10,
      ]);
      const rings = [ring(pts)];
      if (k % 3 === 0) rings.push(ring(pts.map(([x, y]) => [x + 5, y + 7] as [number, number])));
      const poly = { type: 'Polygon' as const, coordinates: rings };
      const expected = turf.kinks(poly).features.length > 0;
      expect(ringsIntersect(rings), JSON.stringify(pts)).toBe(expected);
      if (expected) crossing++;
    }
    expect(crossing).toBeGreaterThan(50);
    expect(crossing).toBeLessThan(400);
  });

  it('accepts a field of thousands of vertices and finds one crossing among them', () => {
    const field = star(GEO_LIMITS.ringVertices - 2);
    expect(ringsIntersect(field.coordinates)).toBe(false);
    const broken = field.coordinates[0]!.slice();
    // Swap two vertices far apart: their edges now cross the ring.
    [broken[10], broken[600]] = [broken[600]!, broken[10]!];
    expect(ringsIntersect([broken])).toBe(true);
    expect(codeOf(() => normalizeArea({ type: 'Polygon', coordinates: [broken] }))).toBe(
      'shapeSelfIntersects',
    );
  });
});

describe('overlap of two many-vertex concave shapes', () => {
  /** The overlap of two perpendicular combs of `teeth` teeth on a 600 m square, in percent (planar). */
  function combOverlap(teeth: number): number {
    const L = 600;
    const pitch = L / teeth;
    const w = pitch / 2;
    const len = (a: number, b: number, lo: number, hi: number) =>
      Math.max(0, Math.min(b, hi) - Math.max(a, lo));
    let inBase = 0;
    let inTeeth = 0;
    for (let i = 0; i < teeth; i++) {
      inBase += len(i * pitch, i * pitch + w, 0, 40);
      inTeeth += len(i * pitch, i * pitch + w, 40, L);
    }
    const common = 40 * 40 + 2 * inBase * (L - 40) + inTeeth * inTeeth;
    return (common / (40 * L + teeth * w * (L - 40))) * 100;
  }

  it('measures two perpendicular combs exactly, up to the largest a shape may be', () => {
    const small = comb(20, 0, 0, 600);
    const smallB = comb(20, 0, 0, 600, true);
    const exact = turf.intersect(turf.featureCollection([turf.feature(small), turf.feature(smallB)]))!;
    const { percent } = overlapPercent(normalizePlot(small), [indexed('b', normalizePlot(smallB))]);
    expect(percent).toBeCloseTo((turf.area(exact) / turf.area(small)) * 100, 1);
    expect(percent).toBeCloseTo(combOverlap(20), 0);

    const teeth = Math.floor((GEO_LIMITS.ringVertices - 4) / 4);
    const a = normalizePlot(comb(teeth, 0, 0, 600));
    const b = normalizePlot(comb(teeth, 0, 0, 600, true));
    expect(overlapPercent(a, [indexed('b', b)]).percent).toBeCloseTo(combOverlap(teeth), 0);
  });
});
