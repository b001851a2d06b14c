import type { NutrientClass, Ruleset } from '../types';

export type FertilizerNutrient = 'P2O5' | 'K2O' | 'MGO';

export type FertilizerProduct =
  | 'SUPERPHOSPHATE_SINGLE'
  | 'SUPERPHOSPHATE_TRIPLE'
  | 'AMMONIUM_PHOSPHATE'
  | 'MULTICOMPONENT_8_24_24'
  | 'POTASSIUM_SALT'
  | 'POTASSIUM_SULFATE'
  | 'MULTICOMPONENT_5_10_25'
  | 'MAGNESIUM_SULFATE'
  | 'KIESERITE';

export interface FertilizerRuleset extends Ruleset {
  /** Multiplier on yield x uptake: more than the crop takes on poor soil, less on rich soil. */
  readonly classFactors: Record<NutrientClass, number>;
  /** mg P2O5/100 g above which no phosphorus is given at all. */
  readonly noPhosphorusAbove: number;
  /** Percent of the nutrient each product declares, per nutrient it is used for. */
  readonly products: Record<FertilizerNutrient, readonly { product: FertilizerProduct; percent: number }[]>;
  readonly manure: {
    readonly tonnesPerHa: number;
    readonly suppliesKgPerHa: {
      readonly n: number;
      readonly p2o5: number;
      readonly k2o: number;
      readonly mgo: number;
    };
  };
}

export const FERTILIZER: FertilizerRuleset = {
  id: 'IUNG_UPTAKE_FACTOR',
  version: 1,
  source:
    'IUNG-PIB phosphorus guidance: dose = expected yield x uptake per tonne x class factor, applied alike to K2O and MgO; ' +
    'product contents as usually declared',
  classFactors: { VERY_LOW: 1.5, LOW: 1.25, MEDIUM: 1.0, HIGH: 0.75, VERY_HIGH: 0.5 },
  noPhosphorusAbove: 40,
  products: {
    P2O5: [
      { product: 'SUPERPHOSPHATE_SINGLE', percent: 19 },
      { product: 'SUPERPHOSPHATE_TRIPLE', percent: 46 },
      // DAP 18-46-0, the ammonium phosphate most sold in Poland.
      { product: 'AMMONIUM_PHOSPHATE', percent: 46 },
      { product: 'MULTICOMPONENT_8_24_24', percent: 24 },
    ],
    K2O: [
      { product: 'POTASSIUM_SALT', percent: 60 },
      { product: 'POTASSIUM_SULFATE', percent: 50 },
      { product: 'MULTICOMPONENT_5_10_25', percent: 25 },
    ],
    MGO: [
      { product: 'MAGNESIUM_SULFATE', percent: 16 },
      { product: 'KIESERITE', percent: 25 },
    ],
  },
  manure: { tonnesPerHa: 30, suppliesKgPerHa: { n: 150, p2o5: 90, k2o: 210, mgo: 45 } },
};

/** Element to oxide, for labs or callers that report P, K or Mg as the element. */
export const ELEMENT_TO_OXIDE = { P: 2.29, K: 1.205, MG: 1.658 } as const;
