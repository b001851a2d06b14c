import { bandOf } from './bands';
import { assertMeasurement } from './rounding';
import { NUTRIENT_CLASSES } from './rulesets/nutrient-classes';
import { PH_CLASSES } from './rulesets/ph-classes';
import type { AgronomicCategory, Nutrient, NutrientClass, PhClass } from './types';

export const MAX_PH = 14;
/** Far above any real soil (organic K2O "very high" starts at 121): beyond it the input is a unit mix-up. */
export const MAX_NUTRIENT_MG_PER_100G = 10_000;

export function classifyPh(ph: number): PhClass {
  assertMeasurement('pH', ph, MAX_PH);
  return bandOf(ph, PH_CLASSES.bands);
}

/** null where no table exists (P2O5 on organic soil): the caller must say so, not guess. */
export function classifyNutrient(
  nutrient: Nutrient,
  valueMgPer100g: number,
  category: AgronomicCategory,
): NutrientClass | null {
  assertMeasurement(nutrient, valueMgPer100g, MAX_NUTRIENT_MG_PER_100G);
  const bands = NUTRIENT_CLASSES.tables[nutrient][category];
  return bands ? bandOf(valueMgPer100g, bands) : null;
}
