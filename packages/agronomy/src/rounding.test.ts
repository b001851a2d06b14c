import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundTo, roundToTenth } from './rounding';

/** The rounding as first written (string round trip every time): the fast path must give the same numbers. */
const reference = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(Number((value * f).toPrecision(12))) / f;
};
const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

describe('rounding', () => {
  it('rounds printed halves up despite binary noise', () => {
    expect(roundToTenth(1.45)).toBe(1.5);
    expect(roundToTenth(5.25)).toBe(5.3);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-2.5, 0)).toBe(-2);
    expect(roundTo(0.5, 0)).toBe(1);
  });

  it('gives the reference result for any double and every number of decimals used', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.integer({ min: 0, max: 3 }),
        (v, d) => same(roundTo(v, d), reference(v, d)) && same(roundToTenth(v), reference(v, 1)),
      ),
      { numRuns: 10_000 },
    );
  });

  it('gives the reference result on and around printed halves (x.x5, x.xx5, with and without noise)', () => {
    const near = fc
      .tuple(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: -4, max: 4 }),
      )
      .map(([n, places, ulps]) => {
        const v = (n + 0.5) / 10 ** places;
        return v + ulps * Number.EPSILON * Math.abs(v);
      });
    fc.assert(
      fc.property(
        near,
        fc.integer({ min: 0, max: 3 }),
        (v, d) => same(roundTo(v, d), reference(v, d)) && same(roundToTenth(v), reference(v, 1)),
      ),
      { numRuns: 20_000 },
    );
  });

  it('keeps the edge values', () => {
    for (const v of [
      0,
      -0,
      Infinity,
      -Infinity,
      NaN,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      2 ** 53,
      2 ** 52 + 0.5,
      1e21,
      4503599627370495.5,
    ]) {
      for (const d of [0, 1, 2, 3]) expect(same(roundTo(v, d), reference(v, d))).toBe(true);
    }
  });
});
