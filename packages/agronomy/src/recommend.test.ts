import { t } from '@gleba/i18n';
import { describe, expect, it } from 'vitest';
import { renderNotes } from './messages';
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

describe('recommend', () => {
  it('classes, liming need and the default IUNG_2022 dose', () => {
    const r = recommend(base);
    expect(r.classes).toEqual({ ph: 'ACIDIC', p2o5: 'LOW', k2o: 'LOW', mg: 'LOW' });
    expect(r.liming).toMatchObject({
      need: 'NECESSARY',
      ruleset: 'IUNG_2022',
      caoTonnesPerHa: 4.2,
      laterCaoTonnesPerHa: 0,
      noTable: false,
    });
    expect(r.liming.cao.now).toEqual({ tonnesPerHa: 4.2, totalTonnes: 8.4 });
    expect(r.rulesets.limeDose).toEqual({ id: 'IUNG_2022', version: 1 });
  });

  it('names every ruleset it used, with versions', () => {
    expect(recommend({ ...base, limeRuleset: 'CLASSIC' }).rulesets).toEqual({
      phClasses: { id: 'PH_KCL', version: 1 },
      nutrientClasses: { id: 'PN_R_0402X', version: 1 },
      limingNeed: { id: 'CLASSIC_LIMING_NEED', version: 1 },
      limeDose: { id: 'CLASSIC', version: 1 },
      limeProducts: { id: 'LIME_PRODUCTS', version: 1 },
      fertilizer: { id: 'IUNG_UPTAKE_FACTOR', version: 1 },
      crops: { id: 'GLEBA_CROPS', version: 1 },
    });
  });

  it('the CLASSIC ruleset doses by need class', () => {
    expect(recommend({ ...base, limeRuleset: 'CLASSIC' }).liming.caoTonnesPerHa).toBe(4.5);
  });

  it('converts CaO to each lime product by its CaO (or CaO + 1.39 MgO) content', () => {
    const products = Object.fromEntries(recommend(base).liming.products.map((p) => [p.product, p]));
    expect(products.OXIDE?.now.tonnesPerHa).toBe(7); // 4.2 / 0.60
    expect(products.CARBONATE?.now.tonnesPerHa).toBe(10.5); // 4.2 / 0.40
    expect(products.CHALK?.now.tonnesPerHa).toBe(8.4); // 4.2 / 0.50
    expect(products.MAGNESIAN?.caoEquivalentPercent).toBe(50.85); // 30 + 1.39 x 15
    expect(products.MAGNESIAN?.now.tonnesPerHa).toBe(8.26);
    expect(products.CARBONATE?.now.totalTonnes).toBe(21);
  });

  it('"a+b": the later part is carried through to products and notes', () => {
    const r = recommend({ ...base, ph: 4.4, mg: 6 });
    expect(r.liming).toMatchObject({ caoTonnesPerHa: 5.0, laterCaoTonnesPerHa: 1.2 });
    expect(r.liming.cao.later).toEqual({ tonnesPerHa: 1.2, totalTonnes: 2.4 });
    expect(r.liming.products.find((p) => p.product === 'CARBONATE')?.later.tonnesPerHa).toBe(3);
    expect(r.notes).toContainEqual({ key: 'agronomy.limeDoseSplit', params: { dose: 5, later: 1.2 } });
    expect(r.notes.map((n) => n.key)).not.toContain('agronomy.limeDose');
  });

  it('lime timing notes come with any dose; none when no lime is needed', () => {
    const keys = recommend(base).notes.map((n) => n.key);
    expect(keys).toEqual(
      expect.arrayContaining(['agronomy.limeDose', 'agronomy.limeAutumn', 'agronomy.limeNotWithManure']),
    );
    const none = recommend({ ...base, ph: 6.8 }).notes.map((n) => n.key);
    expect(none).toContain('agronomy.limeNotNeeded');
    expect(none).not.toContain('agronomy.limeAutumn');
  });

  it('advises magnesian lime for half the dose when Mg is low', () => {
    const r = recommend(base);
    expect(r.flags).toContain('MAGNESIAN_LIME_ADVISED');
    expect(r.liming.magnesianAdvice).toEqual({
      caoTonnesPerHa: 2.1,
      product: { tonnesPerHa: 4.13, totalTonnes: 8.26 },
      mgoKgPerHa: 619,
    });
    const enoughMg = recommend({ ...base, mg: 6 });
    expect(enoughMg.liming.magnesianAdvice).toBeNull();
    expect(enoughMg.flags).not.toContain('MAGNESIAN_LIME_ADVISED');
  });

  it('fertilizer dose = yield x uptake per tonne x class factor', () => {
    const r = recommend(base); // wheat 7 t/ha; 11 P2O5, 24 K2O, 3.5 MgO per tonne; all LOW (x1.25)
    expect(r.fertilizer.p2o5?.dose.kgPerHa).toBe(96); // 96.25
    expect(r.fertilizer.k2o.dose.kgPerHa).toBe(210);
    expect(r.fertilizer.mgo.dose.kgPerHa).toBe(31); // 30.625
    expect(r.fertilizer.k2o.dose.totalKg).toBe(420);
    const factors = (
      [
        [3, 1.5],
        [8, 1.25],
        [12, 1.0],
        [18, 0.75],
        [25, 0.5],
      ] as const
    ).map(([p2o5, factor]) => [recommend({ ...base, p2o5 }).fertilizer.p2o5?.factor, factor]);
    for (const [got, want] of factors) expect(got).toBe(want);
  });

  it('uses the expected yield when given', () => {
    expect(recommend({ ...base, p2o5: 12, expectedYieldTPerHa: 10 }).fertilizer.p2o5?.dose.kgPerHa).toBe(110);
  });

  it('amounts of each product the spec names', () => {
    const f = recommend({ ...base, p2o5: 12, k2o: 15, mg: 6 }).fertilizer; // medium classes: 77 P2O5, 168 K2O, 24.5 MgO
    const by = (list: readonly { product: string; amount: { kgPerHa: number } }[]) =>
      Object.fromEntries(list.map((p) => [p.product, p.amount.kgPerHa]));
    expect(by(f.p2o5?.products ?? [])).toEqual({
      SUPERPHOSPHATE_SINGLE: 405,
      SUPERPHOSPHATE_TRIPLE: 167,
      AMMONIUM_PHOSPHATE: 167,
      MULTICOMPONENT_8_24_24: 321,
    });
    expect(by(f.k2o.products)).toEqual({
      POTASSIUM_SALT: 280,
      POTASSIUM_SULFATE: 336,
      MULTICOMPONENT_5_10_25: 672,
    });
    expect(by(f.mgo.products)).toEqual({ MAGNESIUM_SULFATE: 153, KIESERITE: 98 });
    expect(f.manure).toEqual({
      tonnesPerHa: 30,
      totalTonnes: 60,
      suppliesKgPerHa: { n: 150, p2o5: 90, k2o: 210, mgo: 45 },
    });
  });

  it('no phosphorus above 40 mg P2O5/100 g (after rounding)', () => {
    const at40 = recommend({ ...base, p2o5: 40.04 });
    expect(at40.fertilizer.p2o5?.dose.kgPerHa).toBe(39); // 7 x 11 x 0.5 = 38.5
    expect(at40.flags).not.toContain('NO_P_ABOVE_40');
    const above = recommend({ ...base, p2o5: 40.05 });
    expect(above.classes.p2o5).toBe('VERY_HIGH');
    expect(above.fertilizer.p2o5?.dose.kgPerHa).toBe(0);
    expect(above.fertilizer.p2o5?.products.every((p) => p.amount.kgPerHa === 0)).toBe(true);
    expect(above.flags).toContain('NO_P_ABOVE_40');
    expect(above.notes).toContainEqual({ key: 'agronomy.noPhosphorusAbove40', params: { limit: 40 } });
  });

  it('organic soil: says there is no P table and no lime dose table instead of inventing them', () => {
    const r = recommend({ ...base, category: 'ORGANIC', ph: 4.3, k2o: 50, mg: 30 });
    expect(r.classes).toEqual({ ph: 'VERY_ACIDIC', p2o5: null, k2o: 'LOW', mg: 'LOW' });
    expect(r.fertilizer.p2o5).toBeNull();
    expect(r.liming).toMatchObject({
      need: 'NEEDED',
      noTable: true,
      caoTonnesPerHa: 0,
      magnesianAdvice: null,
    });
    expect(r.flags).toEqual(expect.arrayContaining(['NO_P_TABLE_ORGANIC', 'NO_LIME_DOSE_TABLE_ORGANIC']));
    expect(r.notes.map((n) => n.key)).toEqual(
      expect.arrayContaining(['agronomy.noPhosphorusTableOrganic', 'agronomy.noLimeDoseOrganic']),
    );
    expect(r.notes.map((n) => n.key)).not.toContain('agronomy.limeNotNeeded');
    // Organic soil that needs no lime: the missing dose table does not matter.
    const limed = recommend({ ...base, category: 'ORGANIC', ph: 5.5, k2o: 50, mg: 30 });
    expect(limed.liming.noTable).toBe(false);
    expect(limed.flags).not.toContain('NO_LIME_DOSE_TABLE_ORGANIC');
  });

  it('grassland crops: grassland need table, classic dose by that need', () => {
    const r = recommend({ ...base, cropId: 'meadow', ph: 5.3, category: 'HEAVY' });
    expect(r.landUse).toBe('GRASSLAND');
    expect(r.liming).toMatchObject({ need: 'ADVISABLE', ruleset: 'CLASSIC', caoTonnesPerHa: 2.0 });
    expect(r.rulesets.limeDose.id).toBe('CLASSIC');
    expect(r.flags).toContain('GRASSLAND_CLASSIC_DOSE');
    // On arable land the same soil needs more.
    expect(recommend({ ...base, ph: 5.3, category: 'HEAVY' }).liming).toMatchObject({
      need: 'NECESSARY',
      caoTonnesPerHa: 3.8,
    });
    expect(recommend({ ...base, cropId: 'pasture', ph: 6.1, category: 'HEAVY' }).liming.caoTonnesPerHa).toBe(
      0,
    );
  });

  it('garden units: per 100 m2 and per m2, totals for the area in ares', () => {
    const r = recommend({
      ...base,
      cropId: 'carrot',
      area: { value: 2, unit: 'a' },
      p2o5: 12,
      k2o: 15,
      mg: 6,
    });
    expect(r.area).toEqual({ value: 2, unit: 'a', hectares: 0.02 });
    // 4.2 t CaO/ha = 42 kg/100 m2 = 420 g/m2; 2 a = 0.084 t.
    expect(r.liming.cao.now).toEqual({ tonnesPerHa: 4.2, totalTonnes: 0.084, kgPer100m2: 42, gPerM2: 420 });
    // carrot 50 t/ha x 1.6 P2O5 = 80 kg/ha = 0.8 kg/100 m2 = 8 g/m2.
    expect(r.fertilizer.p2o5?.dose).toEqual({ kgPerHa: 80, totalKg: 1.6, kgPer100m2: 0.8, gPerM2: 8 });
    expect(r.fertilizer.k2o.products[0]?.amount).toEqual({
      kgPerHa: 500,
      totalKg: 10,
      kgPer100m2: 5,
      gPerM2: 50,
    });
    expect(r.fertilizer.manure.kgPer100m2).toBe(300);
    // Farms in hectares get no garden fields.
    expect(recommend(base).fertilizer.k2o.dose).not.toHaveProperty('kgPer100m2');
  });

  it('rejects an unknown crop and impossible inputs', () => {
    expect(() => recommend({ ...base, cropId: 'no-such-crop' })).toThrow(/Unknown crop/);
    expect(() => recommend({ ...base, area: { value: -1, unit: 'ha' } })).toThrow(RangeError);
    expect(() => recommend({ ...base, expectedYieldTPerHa: Number.NaN })).toThrow(RangeError);
    expect(() => recommend({ ...base, ph: 15 })).toThrow(RangeError);
  });

  it('always ends with the "guide, not advice" note', () => {
    expect(recommend(base).notes.at(-1)).toEqual({ key: 'agronomy.guideNotAdvice' });
  });
});

describe('renderNotes', () => {
  const inputs: RecommendationInput[] = [
    base,
    { ...base, ph: 4.0, mg: 2 },
    { ...base, ph: 7 },
    { ...base, p2o5: 45 },
    { ...base, category: 'ORGANIC', k2o: 50, mg: 30 },
    { ...base, cropId: 'meadow', ph: 5.3 },
    { ...base, cropId: 'sugar-beet', mg: 5 },
  ];

  it('every note key exists in pl, en and uk and every placeholder is filled', () => {
    for (const input of inputs) {
      const r = recommend(input);
      for (const lang of ['pl', 'en', 'uk'] as const) {
        const lines = renderNotes(r.notes, lang);
        expect(lines).toHaveLength(r.notes.length);
        lines.forEach((line, i) => {
          expect(line, `${lang} ${r.notes[i]?.key}`).not.toMatch(/^agronomy\./);
          expect(line).not.toMatch(/\{\w+\}/);
        });
      }
    }
  });

  it('formats numbers for the language', () => {
    const notes = [{ key: 'agronomy.limeDoseSplit', params: { dose: 3.5, later: 1.2 } }] as const;
    expect(renderNotes(notes, 'pl')[0]).toBe(
      'Wapnowanie: 3,5 t CaO/ha teraz i 1,2 t CaO/ha w jednym z kolejnych lat.',
    );
    expect(renderNotes(notes, 'en')[0]).toBe('Liming: 3.5 t CaO/ha now and 1.2 t CaO/ha in a later year.');
    expect(renderNotes(notes, 'uk')[0]).toContain('3,5 т CaO/га');
    expect(t('en', 'agronomy.limeAutumn')).toBe('Lime in late summer or autumn, after harvest.');
  });
});
