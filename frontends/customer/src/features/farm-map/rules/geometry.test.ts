import { describe, expect, it } from 'vitest';
import { bbox, edgeLengthsM, openRing, previewAreaHa } from './geometry';

const SQUARE = [
  [21.5, 52.2],
  [21.50147, 52.2],
  [21.50147, 52.2009],
  [21.5, 52.2009],
];

describe('drawing preview geometry', () => {
  it('drops the closing vertex and repeated points (the cursor point over the last click)', () => {
    expect(openRing([...SQUARE, SQUARE[3]!, SQUARE[0]!])).toEqual(SQUARE);
  });

  it('measures about 100 m edges and about 1 ha for a 100 m square', () => {
    const edges = edgeLengthsM([...SQUARE, SQUARE[0]!]);
    expect(edges).toHaveLength(4);
    for (const e of edges) {
      expect(e).toBeGreaterThan(99);
      expect(e).toBeLessThan(101);
    }
    expect(previewAreaHa({ type: 'Polygon', coordinates: [[...SQUARE, SQUARE[0]!]] })).toBeCloseTo(1.0, 1);
    expect(edgeLengthsM(SQUARE.slice(0, 2))).toHaveLength(1);
  });

  it('gives the bounds of a multipolygon', () => {
    expect(
      bbox({
        type: 'MultiPolygon',
        coordinates: [
          [[...SQUARE, SQUARE[0]!]],
          [
            [
              [22, 53],
              [22.1, 53],
              [22.1, 53.1],
              [22, 53],
            ],
          ],
        ],
      }),
    ).toEqual([21.5, 52.2, 22.1, 53.1]);
  });
});
