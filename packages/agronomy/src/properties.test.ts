import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyNutrient, classifyPh } from './classify';
import { limeDose, limingNeed } from './liming';
import { recommend } from './recommend';
import type { AgronomicCategory, LimingNeed, Nutrient, NutrientClass, PhClass } from './types';

const NUTRIENT_RANK: Record<NutrientClass, number> = {
  VERY_LOW: 0,
  LOW: 1,
  MEDIUM: 2,
  HIGH: 3,
  VERY_HIGH: 4,
};
const PH_RANK: Record<PhClass, number> = {
  VERY_ACIDIC: 0,
  ACIDIC: 1,
  SLIGHTLY_ACIDIC: 2,
  NEUTRAL: 3,
  ALKALINE: 4,
};
const NEED_RANK: Record<LimingNeed, number> = {
  NECESSARY: 0,
  NEEDED: 1,
  ADVISABLE: 2,
  LIMITED: 3,
  NOT_NEEDED: 4,
};

const category = fc.constantFrom<AgronomicCategory>('VERY_LIGHT', 'LIGHT', 'MEDIUM', 'HEAVY', 'ORGANIC');
const mineral = fc.constantFrom<AgronomicCategory>('VERY_LIGHT', 'LIGHT', 'MEDIUM', 'HEAVY');
const nutrient = fc.constantFrom<Nutrient>('P2O5', 'K2O', 'MG');
/** Two ordered values; doubles reach the rounding edges (x.x5) that 0.1 steps would miss. */
const orderedPair = (max: number) =>
  fc
    .tuple(fc.double({ min: 0, max, noNaN: true }), fc.double({ min: 0, max, noNaN: true }))
    .map(([a, b]) => (a <= b ? ([a, b] as const) : ([b, a] as const)));

describe('properties', () => {
  it('a nutrient class never goes down as the value goes up', () => {
    fc.assert(
      fc.property(nutrient, category, orderedPair(200), (n, c, [low, high]) => {
        const a = classifyNutrient(n, low, c);
        const b = classifyNutrient(n, high, c);
        if (a === null || b === null) return a === b;
        return NUTRIENT_RANK[a] <= NUTRIENT_RANK[b];
      }),
    );
  });

  it('the pH class never goes down as pH goes up, nor the liming need class', () => {
    fc.assert(
      fc.property(
        category,
        fc.constantFrom('ARABLE', 'GRASSLAND' as const),
        orderedPair(14),
        (c, land, [low, high]) => {
          expect(PH_RANK[classifyPh(low)]).toBeLessThanOrEqual(PH_RANK[classifyPh(high)]);
          expect(NEED_RANK[limingNeed(low, c, land)]).toBeLessThanOrEqual(
            NEED_RANK[limingNeed(high, c, land)],
          );
        },
      ),
    );
  });

  it('a lime dose never goes up as pH goes up, now or in total, in both rulesets', () => {
    fc.assert(
      fc.property(
        mineral,
        fc.constantFrom('IUNG_2022', 'CLASSIC' as const),
        orderedPair(9),
        (c, ruleset, [low, high]) => {
          const acid = limeDose(low, c, ruleset);
          const less = limeDose(high, c, ruleset);
          expect(less.caoTonnesPerHa).toBeLessThanOrEqual(acid.caoTonnesPerHa);
          expect(less.caoTonnesPerHa + less.laterCaoTonnesPerHa).toBeLessThanOrEqual(
            acid.caoTonnesPerHa + acid.laterCaoTonnesPerHa,
          );
        },
      ),
    );
  });

  it('a fertilizer dose never goes up as the soil content goes up', () => {
    fc.assert(
      fc.property(mineral, orderedPair(60), (c, [low, high]) => {
        const at = (v: number) =>
          recommend({
            ph: 6,
            p2o5: v,
            k2o: v,
            mg: v,
            category: c,
            cropId: 'winter-wheat',
            area: { value: 1, unit: 'ha' },
          }).fertilizer;
        const poor = at(low);
        const rich = at(high);
        expect(rich.p2o5?.dose.kgPerHa ?? 0).toBeLessThanOrEqual(poor.p2o5?.dose.kgPerHa ?? 0);
        expect(rich.k2o.dose.kgPerHa).toBeLessThanOrEqual(poor.k2o.dose.kgPerHa);
        expect(rich.mgo.dose.kgPerHa).toBeLessThanOrEqual(poor.mgo.dose.kgPerHa);
      }),
    );
  });

  it('garden units are the per-hectare figures scaled: 1 t/ha = 10 kg/100 m2', () => {
    fc.assert(
      fc.property(
        mineral,
        fc.double({ min: 3.5, max: 7, noNaN: true }),
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        (c, ph, ares) => {
          const r = recommend({
            ph,
            p2o5: 8,
            k2o: 8,
            mg: 3,
            category: c,
            cropId: 'carrot',
            area: { value: ares, unit: 'a' },
          });
          expect(r.liming.cao.now.kgPer100m2).toBeCloseTo(r.liming.caoTonnesPerHa * 10, 1);
          expect(r.area.hectares).toBeCloseTo(ares / 100, 10);
        },
      ),
    );
  });
});
