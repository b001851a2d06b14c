import { classifyNutrient, classifyPh, getCrop, recommend, type Recommendation } from '@gleba/agronomy';
import type { AgronomicCategory } from '@gleba/contracts';
import type { StoredElement } from '../db/database';

export interface SampleForAdvice {
  kind: 'FARM' | 'GARDEN';
  plantId: string | null;
  areaHa: number | null;
  areaAres: number | null;
}

export interface Advice {
  classes: Record<string, string | null> | null;
  recommendation: Recommendation | null;
  /** Why there is no recommendation: noCrop, unknownCrop, notBasicTest, or the agronomy error. */
  recommendationError: string | null;
  rulesets: Recommendation['rulesets'] | null;
}

function valueOf(elements: readonly StoredElement[], key: string): number | null {
  return elements.find((e) => e.key === key)?.value ?? null;
}

/**
 * Classes of the measured values and, for a basic test, the recommendation for the sample's crop
 * and area (ha for farm samples, ares for garden ones), with the ruleset versions it used.
 */
export function adviseOn(elements: readonly StoredElement[], category: AgronomicCategory | null, sample: SampleForAdvice): Advice {
  const ph = valueOf(elements, 'PH_KCL');
  const p2o5 = valueOf(elements, 'P2O5');
  const k2o = valueOf(elements, 'K2O');
  const mg = valueOf(elements, 'MG');
  const classes: Record<string, string | null> = {};
  if (ph !== null) classes.PH_KCL = classifyPh(ph);
  if (category) {
    if (p2o5 !== null) classes.P2O5 = classifyNutrient('P2O5', p2o5, category);
    if (k2o !== null) classes.K2O = classifyNutrient('K2O', k2o, category);
    if (mg !== null) classes.MG = classifyNutrient('MG', mg, category);
  }
  const base = { classes: Object.keys(classes).length > 0 ? classes : null };
  if (ph === null || p2o5 === null || k2o === null || mg === null || !category) {
    return { ...base, recommendation: null, recommendationError: 'notBasicTest', rulesets: null };
  }
  if (!sample.plantId) return { ...base, recommendation: null, recommendationError: 'noCrop', rulesets: null };
  if (!getCrop(sample.plantId)) return { ...base, recommendation: null, recommendationError: 'unknownCrop', rulesets: null };
  const area = sample.kind === 'GARDEN' ? { value: sample.areaAres ?? 0, unit: 'a' as const } : { value: sample.areaHa ?? 0, unit: 'ha' as const };
  try {
    const recommendation = recommend({ ph, p2o5, k2o, mg, category, cropId: sample.plantId, area });
    return { ...base, recommendation, recommendationError: null, rulesets: recommendation.rulesets };
  } catch (error) {
    return { ...base, recommendation: null, recommendationError: (error as Error).message.slice(0, 200), rulesets: null };
  }
}

/** The test types a sample was ordered with: the basic test and its additional tests. */
export function orderedTests(sample: { basic_test_type: string; additional_test_types: string[] }): string[] {
  return [sample.basic_test_type, ...sample.additional_test_types];
}
