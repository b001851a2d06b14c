import { describe, expect, it } from 'vitest';
import { bbox, edgeLengthsM, extentOf, openingExtent, openRing, previewAreaHa } from './geometry';

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

describe('where the map opens', () => {
  const poly = (x: number, y: number) => ({
    type: 'Polygon' as const,
    coordinates: [
      [
        [x, y],
        [x + 0.01, y],
        [x + 0.01, y + 0.01],
        [x, y],
      ],
    ],
  });
  const shapes = [
    { id: 'a', geometry: poly(21, 52) },
    { id: 'b', geometry: poly(18.5, 50.1) },
  ];

  it('fits all the plots', () => {
    expect(extentOf(shapes.map((s) => s.geometry))).toEqual([18.5, 50.1, 21.01, 52.01]);
    expect(openingExtent(shapes)).toEqual([18.5, 50.1, 21.01, 52.01]);
  });

  it('fits the chosen plot alone', () => {
    expect(openingExtent(shapes, 'b')).toEqual([18.5, 50.1, 18.51, 50.11]);
  });

  it('falls back to all plots for an unknown choice, and to the country view without plots', () => {
    expect(openingExtent(shapes, 'gone')).toEqual([18.5, 50.1, 21.01, 52.01]);
    expect(openingExtent([])).toBeNull();
    expect(openingExtent([], 'a')).toBeNull();
  });

  it('covers every part of a multipolygon', () => {
    const multi = {
      type: 'MultiPolygon' as const,
      coordinates: [poly(20, 51).coordinates, poly(22, 53).coordinates],
    };
    expect(openingExtent([{ id: 'm', geometry: multi }], 'm')).toEqual([20, 51, 22.01, 53.01]);
  });
});
