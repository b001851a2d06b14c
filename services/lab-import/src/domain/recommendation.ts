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

/** What the advice reads of the elements. */
export type ElementValue = Pick<StoredElement, 'key' | 'value'>;

function valueOf(elements: readonly ElementValue[], key: string): number | null {
  return elements.find((e) => e.key === key)?.value ?? null;
}

/**
 * Classes of the measured values and, for a basic test, the recommendation for the sample's crop
 * and area (ha for farm samples, ares for garden ones), with the ruleset versions it used.
 */
export function adviseOn(elements: readonly ElementValue[], category: AgronomicCategory | null, sample: SampleForAdvice): Advice {
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

/** An `Advice` as the results table stores it: JSON text, or null. */
export interface StoredAdvice {
  classes: string | null;
  recommendation: string | null;
  recommendationError: string | null;
  rulesets: string | null;
}

/**
 * `adviseOn` memoised on everything it reads (pH, P2O5, K2O, Mg, category, crop, kind and area),
 * serialised once per distinct input: `recommend()` is pure, so rows with equal inputs get the
 * same stored recommendation and ruleset versions. The cache is per apply and bounded.
 */
export function createAdviser(maxEntries = 10_000) {
  const cache = new Map<string, StoredAdvice>();
  return (elements: readonly ElementValue[], category: AgronomicCategory | null, sample: SampleForAdvice): StoredAdvice => {
    const key = [
      valueOf(elements, 'PH_KCL'),
      valueOf(elements, 'P2O5'),
      valueOf(elements, 'K2O'),
      valueOf(elements, 'MG'),
      category,
      sample.kind,
      sample.plantId,
      sample.kind === 'GARDEN' ? sample.areaAres : sample.areaHa,
    ].join('|');
    const hit = cache.get(key);
    if (hit) return hit;
    const advice = adviseOn(elements, category, sample);
    const stored: StoredAdvice = {
      classes: advice.classes ? JSON.stringify(advice.classes) : null,
      recommendation: advice.recommendation ? JSON.stringify(advice.recommendation) : null,
      recommendationError: advice.recommendationError,
      rulesets: advice.rulesets ? JSON.stringify(advice.rulesets) : null,
    };
    if (cache.size >= maxEntries) cache.clear();
    cache.set(key, stored);
    return stored;
  };
}
