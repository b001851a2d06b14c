import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CROPS } from './crops';
import { recommend, recommendationBasis, type RecommendationInput } from './recommend';
import type { AgronomicCategory } from './types';

const category = fc.constantFrom<AgronomicCategory>('VERY_LIGHT', 'LIGHT', 'MEDIUM', 'HEAVY', 'ORGANIC');
const crop = fc.constantFrom(...CROPS.map((c) => c.id));
/** Narrow ranges, so that two draws often share classes (and so a key) with different values. */
const inputs = fc.record({
  ph: fc.double({ min: 4.4, max: 5.2, noNaN: true }),
  p2o5: fc.double({ min: 0, max: 45, noNaN: true }),
  k2o: fc.double({ min: 0, max: 30, noNaN: true }),
  mg: fc.double({ min: 0, max: 10, noNaN: true }),
});
const without = (r: ReturnType<typeof recommend>) => ({ ...r, measured: null });

describe('recommendationBasis', () => {
  it("gives recommend()'s measured values", () => {
    fc.assert(
      fc.property(inputs, category, crop, (v, c, cropId) => {
        const input: RecommendationInput = { ...v, category: c, cropId, area: { value: 3, unit: 'ha' } };
        expect(recommendationBasis(input)!.measured).toEqual(recommend(input).measured);
      }),
    );
  });

  it('equal keys mean recommendations equal but for measured', () => {
    let shared = 0;
    fc.assert(
      fc.property(
        inputs,
        inputs,
        category,
        crop,
        fc.constantFrom(1, 2.5),
        fc.constantFrom<'ha' | 'a'>('ha', 'a'),
        fc.constantFrom<RecommendationInput['limeRuleset']>(undefined, 'CLASSIC'),
        (a, b, c, cropId, area, unit, limeRuleset) => {
          const base = { category: c, cropId, area: { value: area, unit }, limeRuleset };
          const x = { ...a, ...base };
          // b's nutrients with a's pH: the pH must match to one decimal for the keys to be equal.
          const y = { ...b, ph: a.ph, ...base };
          if (recommendationBasis(x)!.key !== recommendationBasis(y)!.key) return;
          shared += 1;
          expect(JSON.stringify(without(recommend(y)))).toBe(JSON.stringify(without(recommend(x))));
        },
      ),
      { numRuns: 3000 },
    );
    expect(shared).toBeGreaterThan(100);
  });

  it('recommendations that differ beyond measured never share a key', () => {
    fc.assert(
      fc.property(inputs, inputs, category, crop, (a, b, c, cropId) => {
        const base = { category: c, cropId, area: { value: 2, unit: 'ha' as const } };
        const x = { ...a, ...base };
        const y = { ...b, ...base };
        if (JSON.stringify(without(recommend(x))) !== JSON.stringify(without(recommend(y)))) {
          expect(recommendationBasis(x)!.key).not.toBe(recommendationBasis(y)!.key);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is null where recommend() throws', () => {
    const ok: RecommendationInput = {
      ph: 5,
      p2o5: 10,
      k2o: 10,
      mg: 5,
      category: 'MEDIUM',
      cropId: CROPS[0]!.id,
      area: { value: 1, unit: 'ha' },
    };
    for (const bad of [
      { ...ok, cropId: 'nope' },
      { ...ok, ph: 14.04 },
      { ...ok, ph: -0.01 },
      { ...ok, p2o5: 10_000.01 },
      { ...ok, mg: NaN },
      { ...ok, area: { value: -1, unit: 'ha' as const } },
      { ...ok, expectedYieldTPerHa: Infinity },
    ]) {
      expect(() => recommend(bad)).toThrow();
      expect(recommendationBasis(bad)).toBeNull();
    }
    expect(recommendationBasis(ok)).not.toBeNull();
  });
});
