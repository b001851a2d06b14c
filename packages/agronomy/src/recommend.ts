import { classifyNutrient, classifyPh, MAX_NUTRIENT_MG_PER_100G, MAX_PH } from './classify';
import { getCrop, CROP_CATALOGUE } from './crops';
import { classicDoseForNeed, limeDose, limingNeed } from './liming';
import type { Note } from './messages';
import { roundTo, roundToTenth } from './rounding';
import { FERTILIZER, type FertilizerNutrient, type FertilizerProduct } from './rulesets/fertilizer';
import { LIMING_NEED } from './rulesets/liming-need';
import { LIME_DOSE_RULESETS } from './rulesets/lime-dose';
import { LIME_PRODUCTS, caoEquivalentPercent, type LimeProduct } from './rulesets/lime-products';
import { NUTRIENT_CLASSES } from './rulesets/nutrient-classes';
import { PH_CLASSES } from './rulesets/ph-classes';
import type {
  AgronomicCategory,
  LandUse,
  LimeRuleset,
  LimingNeed,
  MgDemand,
  NutrientClass,
  PhClass,
  RulesetRef,
} from './types';

/** Farms give hectares (web); gardens give ares (mobile). */
export type AreaUnit = 'ha' | 'a';

export interface RecommendationInput {
  /** pH in 1 M KCl. */
  readonly ph: number;
  /** mg/100 g, Egner-Riehm. */
  readonly p2o5: number;
  readonly k2o: number;
  /** mg Mg/100 g, Schachtschabel. */
  readonly mg: number;
  readonly category: AgronomicCategory;
  readonly cropId: string;
  readonly area: { readonly value: number; readonly unit: AreaUnit };
  /** t/ha; the crop's default when absent. */
  readonly expectedYieldTPerHa?: number;
  readonly limeRuleset?: LimeRuleset;
}

/** kg-based amount; the garden fields are present only when the area was given in ares. */
export interface Amount {
  readonly kgPerHa: number;
  readonly totalKg: number;
  readonly kgPer100m2?: number;
  readonly gPerM2?: number;
}

/** Lime is dosed in tonnes; gardens get kg/100 m2 (1 t/ha = 10 kg/100 m2) and g/m2. */
export interface LimeAmount {
  readonly tonnesPerHa: number;
  readonly totalTonnes: number;
  readonly kgPer100m2?: number;
  readonly gPerM2?: number;
}

export interface LimeProductAmount {
  readonly product: LimeProduct;
  /** CaO + 1.39 x MgO, the content the amount was computed with. */
  readonly caoEquivalentPercent: number;
  readonly now: LimeAmount;
  readonly later: LimeAmount;
}

export interface NutrientDose {
  readonly nutrient: FertilizerNutrient;
  readonly soilClass: NutrientClass;
  readonly factor: number;
  readonly dose: Amount;
  readonly products: readonly {
    readonly product: FertilizerProduct;
    readonly percent: number;
    readonly amount: Amount;
  }[];
}

export type RecommendationFlag =
  | 'NO_P_TABLE_ORGANIC'
  | 'NO_P_ABOVE_40'
  | 'NO_LIME_DOSE_TABLE_ORGANIC'
  | 'GRASSLAND_CLASSIC_DOSE'
  | 'MAGNESIAN_LIME_ADVISED'
  | 'HIGH_MG_DEMAND';

export interface Recommendation {
  readonly cropId: string;
  readonly landUse: LandUse;
  readonly mgDemand: MgDemand;
  readonly expectedYieldTPerHa: number;
  readonly area: { readonly value: number; readonly unit: AreaUnit; readonly hectares: number };
  /** The inputs as classed, rounded to one decimal. */
  readonly measured: {
    readonly ph: number;
    readonly p2o5: number;
    readonly k2o: number;
    readonly mg: number;
  };
  readonly classes: {
    readonly ph: PhClass;
    readonly p2o5: NutrientClass | null;
    readonly k2o: NutrientClass;
    readonly mg: NutrientClass;
  };
  readonly liming: {
    readonly need: LimingNeed;
    readonly ruleset: LimeRuleset;
    readonly caoTonnesPerHa: number;
    readonly laterCaoTonnesPerHa: number;
    /** true: the soil needs lime but no table gives a dose (organic soils); the zeros are not advice. */
    readonly noTable: boolean;
    readonly cao: { readonly now: LimeAmount; readonly later: LimeAmount };
    readonly products: readonly LimeProductAmount[];
    readonly magnesianAdvice: null | {
      readonly caoTonnesPerHa: number;
      readonly product: LimeAmount;
      readonly mgoKgPerHa: number;
    };
  };
  readonly fertilizer: {
    /** null: no P table for the soil (organic), see flags. */
    readonly p2o5: NutrientDose | null;
    readonly k2o: NutrientDose;
    readonly mgo: NutrientDose;
    readonly manure: {
      readonly tonnesPerHa: number;
      readonly totalTonnes: number;
      readonly kgPer100m2?: number;
      readonly suppliesKgPerHa: {
        readonly n: number;
        readonly p2o5: number;
        readonly k2o: number;
        readonly mgo: number;
      };
    };
  };
  readonly flags: readonly RecommendationFlag[];
  /** Message keys of the `agronomy` namespace, in reading order; render with renderNotes(). */
  readonly notes: readonly Note[];
  readonly rulesets: {
    readonly phClasses: RulesetRef;
    readonly nutrientClasses: RulesetRef;
    readonly limingNeed: RulesetRef;
    readonly limeDose: RulesetRef;
    readonly limeProducts: RulesetRef;
    readonly fertilizer: RulesetRef;
    readonly crops: RulesetRef;
  };
}

function ref(ruleset: RulesetRef): RulesetRef {
  return { id: ruleset.id, version: ruleset.version };
}

function assertPositive(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a finite number >= 0, got ${value}`);
}

export function recommend(input: RecommendationInput): Recommendation {
  const crop = getCrop(input.cropId);
  if (!crop) throw new RangeError(`Unknown crop id: ${input.cropId}`);
  assertPositive('area', input.area.value);
  const expectedYield = input.expectedYieldTPerHa ?? crop.defaultYieldTPerHa;
  assertPositive('expected yield', expectedYield);

  const garden = input.area.unit === 'a';
  const hectares = garden ? input.area.value / 100 : input.area.value;
  const flags: RecommendationFlag[] = [];
  const notes: Note[] = [];

  const classes = {
    ph: classifyPh(input.ph),
    p2o5: classifyNutrient('P2O5', input.p2o5, input.category),
    // Both tables exist for every category; the fallback only satisfies the compiler.
    k2o: classifyNutrient('K2O', input.k2o, input.category) ?? missingTable('K2O'),
    mg: classifyNutrient('MG', input.mg, input.category) ?? missingTable('MG'),
  };

  // ---- lime -----------------------------------------------------------------
  const need = limingNeed(input.ph, input.category, crop.landUse);
  let ruleset: LimeRuleset = input.limeRuleset ?? 'IUNG_2022';
  let dose = limeDose(input.ph, input.category, ruleset);
  if (crop.landUse === 'GRASSLAND' && input.category !== 'ORGANIC') {
    // The IUNG 2022 per-0.1 pH table is for arable land; grassland has only need classes.
    ruleset = 'CLASSIC';
    dose = classicDoseForNeed(need, input.category);
    flags.push('GRASSLAND_CLASSIC_DOSE');
  }
  const noTable = need !== 'NOT_NEEDED' && dose.noTable === true;
  const limeNow = dose.caoTonnesPerHa;
  const limeLater = dose.laterCaoTonnesPerHa;
  const limeAmount = (tonnesPerHa: number): LimeAmount => ({
    tonnesPerHa: roundTo(tonnesPerHa, 2),
    totalTonnes: roundTo(tonnesPerHa * hectares, 3),
    ...(garden ? { kgPer100m2: roundTo(tonnesPerHa * 10, 1), gPerM2: roundTo(tonnesPerHa * 100, 0) } : {}),
  });
  const products = (
    Object.entries(LIME_PRODUCTS.products) as [LimeProduct, (typeof LIME_PRODUCTS.products)[LimeProduct]][]
  ).map(([product, spec]): LimeProductAmount => {
    const share = caoEquivalentPercent(spec) / 100;
    return {
      product,
      caoEquivalentPercent: roundTo(caoEquivalentPercent(spec), 2),
      now: limeAmount(limeNow / share),
      later: limeAmount(limeLater / share),
    };
  });

  let magnesianAdvice: Recommendation['liming']['magnesianAdvice'] = null;
  if (noTable) {
    flags.push('NO_LIME_DOSE_TABLE_ORGANIC');
    notes.push({ key: 'agronomy.noLimeDoseOrganic' });
  } else if (limeNow > 0) {
    if (flags.includes('GRASSLAND_CLASSIC_DOSE')) notes.push({ key: 'agronomy.grasslandClassicDose' });
    notes.push(
      limeLater > 0
        ? { key: 'agronomy.limeDoseSplit', params: { dose: limeNow, later: limeLater } }
        : { key: 'agronomy.limeDose', params: { dose: limeNow } },
    );
    if (classes.mg === 'VERY_LOW' || classes.mg === 'LOW') {
      const spec = LIME_PRODUCTS.products.MAGNESIAN;
      const half = limeNow / 2;
      const productT = half / (caoEquivalentPercent(spec) / 100);
      magnesianAdvice = {
        caoTonnesPerHa: roundTo(half, 2),
        product: limeAmount(productT),
        mgoKgPerHa: roundTo((productT * 1000 * spec.mgoPercent) / 100, 0),
      };
      flags.push('MAGNESIAN_LIME_ADVISED');
      notes.push({
        key: 'agronomy.magnesianLime',
        params: { cao: roundTo(half, 2), product: roundTo(productT, 2) },
      });
    }
    notes.push({ key: 'agronomy.limeAutumn' }, { key: 'agronomy.limeNotWithManure' });
  } else {
    notes.push({ key: 'agronomy.limeNotNeeded' });
  }

  // ---- fertilizer -------------------------------------------------------------
  const amount = (kgPerHa: number): Amount => ({
    kgPerHa: roundTo(kgPerHa, 0),
    totalKg: roundTo(kgPerHa * hectares, 1),
    ...(garden ? { kgPer100m2: roundTo(kgPerHa / 100, 2), gPerM2: roundTo(kgPerHa / 10, 1) } : {}),
  });
  const nutrientDose = (
    nutrient: FertilizerNutrient,
    soilClass: NutrientClass,
    uptakePerT: number,
    capped: boolean,
  ): NutrientDose => {
    const factor = FERTILIZER.classFactors[soilClass];
    const kgPerHa = capped ? 0 : expectedYield * uptakePerT * factor;
    return {
      nutrient,
      soilClass,
      factor,
      dose: amount(kgPerHa),
      products: FERTILIZER.products[nutrient].map(({ product, percent }) => ({
        product,
        percent,
        amount: amount(kgPerHa / (percent / 100)),
      })),
    };
  };

  let p2o5: NutrientDose | null = null;
  if (classes.p2o5 === null) {
    flags.push('NO_P_TABLE_ORGANIC');
    notes.push({ key: 'agronomy.noPhosphorusTableOrganic' });
  } else {
    const aboveLimit = roundToTenth(input.p2o5) > FERTILIZER.noPhosphorusAbove;
    p2o5 = nutrientDose('P2O5', classes.p2o5, crop.uptakeKgPerT.p2o5, aboveLimit);
    if (aboveLimit) {
      flags.push('NO_P_ABOVE_40');
      notes.push({ key: 'agronomy.noPhosphorusAbove40', params: { limit: FERTILIZER.noPhosphorusAbove } });
    } else {
      notes.push({ key: 'agronomy.phosphorusDose', params: { dose: p2o5.dose.kgPerHa } });
    }
  }
  const k2o = nutrientDose('K2O', classes.k2o, crop.uptakeKgPerT.k2o, false);
  notes.push({ key: 'agronomy.potassiumDose', params: { dose: k2o.dose.kgPerHa } });
  const mgo = nutrientDose('MGO', classes.mg, crop.uptakeKgPerT.mgo, false);
  notes.push({ key: 'agronomy.magnesiumDose', params: { dose: mgo.dose.kgPerHa } });
  if (
    crop.mgDemand === 'HIGH' &&
    (classes.mg === 'VERY_LOW' || classes.mg === 'LOW' || classes.mg === 'MEDIUM')
  ) {
    flags.push('HIGH_MG_DEMAND');
    notes.push({ key: 'agronomy.highMgDemand' });
  }

  const manure = FERTILIZER.manure;
  notes.push({
    key: 'agronomy.manureSupplies',
    params: { rate: manure.tonnesPerHa, ...manure.suppliesKgPerHa },
  });
  notes.push({ key: 'agronomy.guideNotAdvice' });

  return {
    cropId: crop.id,
    landUse: crop.landUse,
    mgDemand: crop.mgDemand,
    expectedYieldTPerHa: expectedYield,
    area: { value: input.area.value, unit: input.area.unit, hectares },
    measured: {
      ph: roundToTenth(input.ph),
      p2o5: roundToTenth(input.p2o5),
      k2o: roundToTenth(input.k2o),
      mg: roundToTenth(input.mg),
    },
    classes,
    liming: {
      need,
      ruleset,
      caoTonnesPerHa: limeNow,
      laterCaoTonnesPerHa: limeLater,
      noTable,
      cao: { now: limeAmount(limeNow), later: limeAmount(limeLater) },
      products,
      magnesianAdvice,
    },
    fertilizer: {
      p2o5,
      k2o,
      mgo,
      manure: {
        tonnesPerHa: manure.tonnesPerHa,
        totalTonnes: roundTo(manure.tonnesPerHa * hectares, 3),
        ...(garden ? { kgPer100m2: manure.tonnesPerHa * 10 } : {}),
        suppliesKgPerHa: manure.suppliesKgPerHa,
      },
    },
    flags,
    notes,
    rulesets: {
      phClasses: ref(PH_CLASSES),
      nutrientClasses: ref(NUTRIENT_CLASSES),
      limingNeed: ref(LIMING_NEED),
      limeDose: ref(LIME_DOSE_RULESETS[ruleset]),
      limeProducts: ref(LIME_PRODUCTS),
      fertilizer: ref(FERTILIZER),
      crops: ref(CROP_CATALOGUE),
    },
  };
}

/**
 * What `recommend(input)` depends on besides `measured` (the inputs rounded to one decimal), as a
 * string: the crop, area, yield, lime ruleset and category, the pH to one decimal (classes, liming
 * need and the per-0.1 dose table), and P2O5, K2O and Mg through their classes only (and P2O5
 * through the no-phosphorus limit). Two inputs with equal keys get recommendations equal in
 * everything but `measured`, so a caller making thousands (a lab import) can compute and store the
 * rest once per key. `null` where recommend() would throw (unknown crop, a value out of range):
 * call it for the error. Keep in step with recommend(): `recommend-basis.test.ts` checks the claim.
 */
export function recommendationBasis(
  input: RecommendationInput,
): { key: string; measured: Recommendation['measured'] } | null {
  const crop = getCrop(input.cropId);
  if (!crop) return null;
  const expectedYield = input.expectedYieldTPerHa ?? crop.defaultYieldTPerHa;
  const within = (value: number, max: number) => Number.isFinite(value) && value >= 0 && value <= max;
  if (!within(input.area.value, Infinity) || !within(expectedYield, Infinity) || !within(input.ph, MAX_PH))
    return null;
  if (
    !within(input.p2o5, MAX_NUTRIENT_MG_PER_100G) ||
    !within(input.k2o, MAX_NUTRIENT_MG_PER_100G) ||
    !within(input.mg, MAX_NUTRIENT_MG_PER_100G)
  )
    return null;
  const measured = {
    ph: roundToTenth(input.ph),
    p2o5: roundToTenth(input.p2o5),
    k2o: roundToTenth(input.k2o),
    mg: roundToTenth(input.mg),
  };
  // -0 and 0 print alike but are not the same number (a -0 area gives -0 totals).
  const num = (v: number) => (Object.is(v, -0) ? '-0' : String(v));
  const key = [
    crop.id,
    num(input.area.value),
    input.area.unit,
    num(expectedYield),
    input.limeRuleset ?? 'IUNG_2022',
    input.category,
    num(measured.ph),
    classifyNutrient('P2O5', input.p2o5, input.category),
    measured.p2o5 > FERTILIZER.noPhosphorusAbove,
    classifyNutrient('K2O', input.k2o, input.category),
    classifyNutrient('MG', input.mg, input.category),
  ].join('|');
  return { key, measured };
}

function missingTable(nutrient: string): never {
  throw new Error(`No ${nutrient} class table: the ruleset data is broken`);
}
