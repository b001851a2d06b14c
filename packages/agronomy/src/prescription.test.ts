import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRESCRIPTION_PRODUCTS,
  nutrientDoseKgPerHa,
  prescribe,
  prescriptionProduct,
  productRateKgPerHa,
  type PrescriptionProduct,
} from './prescription';
import { recommend, type RecommendationInput } from './recommend';

const base: RecommendationInput = {
  ph: 5.0,
  p2o5: 8,
  k2o: 12,
  mg: 4,
  category: 'MEDIUM',
  cropId: 'winter-wheat',
  area: { value: 2, unit: 'ha' },
};
const product = (kind: PrescriptionProduct['kind'], id: string) => prescriptionProduct(kind, id)!;

describe('the product list', () => {
  it('has every lime product and every P, K and Mg fertilizer of the rulesets, with their content', () => {
    expect(PRESCRIPTION_PRODUCTS.LIME.map((p) => [p.id, p.percent])).toEqual([
      ['OXIDE', 60],
      ['CARBONATE', 40],
      ['MAGNESIAN', 50.85],
      ['CHALK', 50],
    ]);
    expect(PRESCRIPTION_PRODUCTS.P2O5.map((p) => p.id)).toContain('SUPERPHOSPHATE_SINGLE');
    expect(product('K2O', 'POTASSIUM_SALT')).toMatchObject({ percent: 60, stepKgPerHa: 5 });
    expect(product('MGO', 'KIESERITE')).toMatchObject({ percent: 25, stepKgPerHa: 5 });
    expect(product('LIME', 'CARBONATE').stepKgPerHa).toBe(100);
  });

  it('a product serves only the nutrient it is listed for', () => {
    expect(prescriptionProduct('MGO', 'POTASSIUM_SALT')).toBeUndefined();
    expect(prescriptionProduct('LIME', 'nope')).toBeUndefined();
  });
});

describe('rates', () => {
  it('product kg/ha = dose / content, rounded half up to the step', () => {
    expect(productRateKgPerHa(210, product('K2O', 'POTASSIUM_SALT'))).toBe(350);
    // 96 / 0.19 = 505.26 -> 505
    expect(productRateKgPerHa(96, product('P2O5', 'SUPERPHOSPHATE_SINGLE'))).toBe(505);
    // 4200 / 0.5085 = 8259.6 -> 8300
    expect(productRateKgPerHa(4200, product('LIME', 'MAGNESIAN'))).toBe(8300);
    // 31 / 0.25 = 124 -> 125 (half up of 24.8 steps)
    expect(productRateKgPerHa(31, product('MGO', 'KIESERITE'))).toBe(125);
    // 2.5 kg/ha of kieserite is half a step: up to 5; below that, nothing
    expect(productRateKgPerHa(0.625, product('MGO', 'KIESERITE'))).toBe(5);
    expect(productRateKgPerHa(0.6, product('MGO', 'KIESERITE'))).toBe(0);
    expect(productRateKgPerHa(0, product('LIME', 'OXIDE'))).toBe(0);
    expect(() => productRateKgPerHa(-1, product('LIME', 'OXIDE'))).toThrow(RangeError);
    expect(() => productRateKgPerHa(Number.NaN, product('LIME', 'OXIDE'))).toThrow(RangeError);
  });

  it('reads the doses of a recommendation: lime as CaO now, the later part left out', () => {
    const r = recommend(base);
    expect(nutrientDoseKgPerHa(r, 'LIME')).toBe(4200);
    expect(nutrientDoseKgPerHa(r, 'P2O5')).toBe(r.fertilizer.p2o5!.dose.kgPerHa);
    expect(nutrientDoseKgPerHa(r, 'K2O')).toBe(210);
    expect(nutrientDoseKgPerHa(r, 'MGO')).toBe(r.fertilizer.mgo.dose.kgPerHa);
    const split = recommend({ ...base, ph: 4.4 });
    expect(split.liming.laterCaoTonnesPerHa).toBeGreaterThan(0);
    expect(nutrientDoseKgPerHa(split, 'LIME')).toBe(split.liming.caoTonnesPerHa * 1000);
  });

  it('organic soils: no lime dose where lime is needed and no phosphorus are unknown, not zero', () => {
    const r = recommend({ ...base, category: 'ORGANIC', ph: 4.2, k2o: 40, mg: 30 });
    expect(nutrientDoseKgPerHa(r, 'LIME')).toBeNull();
    expect(nutrientDoseKgPerHa(r, 'P2O5')).toBeNull();
  });
});

describe('prescribe', () => {
  const acid = recommend(base); // K2O LOW: 210 kg/ha
  const richer = recommend({ ...base, ph: 6.4, k2o: 16 }); // K2O MEDIUM: 7 x 24 = 168 kg/ha

  it('a rate per sector, the distinct rates and the total to buy', () => {
    const p = prescribe(
      [
        { key: 'a', areaHa: 2, recommendation: acid },
        { key: 'b', areaHa: 1.5, recommendation: richer },
        { key: 'c', areaHa: 0.5, recommendation: acid },
        { key: 'd', areaHa: 1, recommendation: null },
      ],
      product('K2O', 'POTASSIUM_SALT'),
    );
    expect(p.zones).toEqual([
      { key: 'a', areaHa: 2, rateKgPerHa: 350, amountKg: 700 },
      { key: 'b', areaHa: 1.5, rateKgPerHa: 280, amountKg: 420 },
      { key: 'c', areaHa: 0.5, rateKgPerHa: 350, amountKg: 175 },
      { key: 'd', areaHa: 1, rateKgPerHa: null, amountKg: 0 },
    ]);
    expect(p.rates).toEqual([280, 350]);
    expect(p.totalKg).toBe(1295);
    expect(p.totalTonnes).toBe(1.3);
    expect(p.areaWithRateHa).toBe(4);
    expect(p.areaWithoutRateHa).toBe(1);
    expect(p.rulesets.prescription).toEqual({ id: 'GLEBA_PRESCRIPTION', version: 1 });
  });

  it('lime of the chosen kind: carbonate needs more than oxide for the same CaO', () => {
    const sectors = [
      { key: 'a', areaHa: 3, recommendation: acid },
      { key: 'b', areaHa: 3, recommendation: richer },
    ];
    const oxide = prescribe(sectors, product('LIME', 'OXIDE'));
    const carbonate = prescribe(sectors, product('LIME', 'CARBONATE'));
    expect(oxide.zones[0]!.rateKgPerHa).toBe(7000);
    expect(carbonate.zones[0]!.rateKgPerHa).toBe(10500);
    expect(carbonate.zones[1]!.rateKgPerHa).toBe(
      productRateKgPerHa(richer.liming.caoTonnesPerHa * 1000, product('LIME', 'CARBONATE')),
    );
    expect(carbonate.totalKg).toBeGreaterThan(oxide.totalKg);
  });

  it('refuses an impossible area', () => {
    expect(() =>
      prescribe([{ key: 'a', areaHa: -1, recommendation: acid }], product('K2O', 'POTASSIUM_SALT')),
    ).toThrow(RangeError);
  });

  it('property: the total is the sum of the zones, every rate a multiple of the step', () => {
    const kinds = ['LIME', 'P2O5', 'K2O', 'MGO'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds.flatMap((k) => PRESCRIPTION_PRODUCTS[k])),
        fc.array(
          fc.record({
            areaHa: fc.double({ min: 0, max: 50, noNaN: true }),
            ph: fc.double({ min: 3.5, max: 8, noNaN: true }),
            k2o: fc.double({ min: 0, max: 40, noNaN: true }),
            withResult: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        (prod, rows) => {
          const p = prescribe(
            rows.map((r, i) => ({
              key: String(i),
              areaHa: r.areaHa,
              recommendation: r.withResult ? recommend({ ...base, ph: r.ph, k2o: r.k2o }) : null,
            })),
            prod,
          );
          const sum = p.zones.reduce((s, z) => s + (z.rateKgPerHa ?? 0) * z.areaHa, 0);
          expect(Math.abs(p.totalKg - sum)).toBeLessThanOrEqual(0.5 + 1e-9);
          for (const z of p.zones) {
            if (z.rateKgPerHa === null) continue;
            expect(z.rateKgPerHa % prod.stepKgPerHa).toBe(0);
            expect(p.rates).toContain(z.rateKgPerHa);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
