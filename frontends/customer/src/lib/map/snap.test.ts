import { describe, expect, it } from 'vitest';
import type { TPosition } from '@gleba/contracts';
import { moveVector, snapPosition, snapRings } from './snap';

/** A 100 m square near Mińsk Mazowiecki (1 m is about 1.47e-5 degrees of longitude, 9e-6 of latitude here). */
const SQUARE: TPosition[] = [
  [21.5, 52.2],
  [21.50147, 52.2],
  [21.50147, 52.2009],
  [21.5, 52.2009],
  [21.5, 52.2],
];
const rings = snapRings([{ type: 'Polygon', coordinates: [SQUARE] }]);
const M_LNG = 1.47e-5;
const M_LAT = 9e-6;

describe('snapping to other fields', () => {
  it('lands on a vertex within the tolerance, preferring it to a nearer edge point', () => {
    const near: TPosition = [21.50147 + 2 * M_LNG, 52.2 + 0.5 * M_LAT];
    expect(snapPosition(near, rings, 5)).toEqual({ position: [21.50147, 52.2], snapped: 'vertex' });
  });

  it('else lands on the nearest point of an edge', () => {
    const beside: TPosition = [21.5007, 52.2 - 3 * M_LAT];
    const hit = snapPosition(beside, rings, 5);
    expect(hit.snapped).toBe('edge');
    expect(hit.position[1]).toBeCloseTo(52.2, 9);
    expect(hit.position[0]).toBeCloseTo(21.5007, 9);
  });

  it('leaves a point farther than the tolerance, or any point with snapping off', () => {
    const far: TPosition = [21.5007, 52.2 - 20 * M_LAT];
    expect(snapPosition(far, rings, 5)).toEqual({ position: far, snapped: null });
    const near: TPosition = [21.50147 + M_LNG, 52.2];
    expect(snapPosition(near, rings, 0)).toEqual({ position: near, snapped: null });
    expect(snapPosition(near, [], 5).snapped).toBeNull();
  });

  it('takes holes and every part of a multipolygon as targets', () => {
    const multi = snapRings([
      { type: 'MultiPolygon', coordinates: [[SQUARE], [SQUARE.map(([x, y]) => [x! + 1, y!])]] },
    ]);
    expect(multi).toHaveLength(2);
  });
});

describe('move vector of a dragged shape', () => {
  it('gives the distance and the bearing clockwise from north', () => {
    const north = moveVector([21.5, 52.2], [21.5, 52.2 + 100 * M_LAT]);
    expect(north.distanceM).toBeCloseTo(100, -1);
    expect(north.bearingDeg).toBeCloseTo(0, 3);
    const east = moveVector([21.5, 52.2], [21.5 + 50 * M_LNG, 52.2]);
    expect(east.distanceM).toBeGreaterThan(45);
    expect(east.distanceM).toBeLessThan(55);
    expect(east.bearingDeg).toBeCloseTo(90, 3);
    expect(moveVector([21.5, 52.2], [21.5 - 50 * M_LNG, 52.2]).bearingDeg).toBeCloseTo(270, 3);
  });
});
