import { createHash } from 'node:crypto';
import {
  classifyNutrient,
  classifyPh,
  getCrop,
  recommend,
  recommendationBasis,
  type Recommendation,
  type RecommendationInput,
} from '@gleba/agronomy';
import type { AgronomicCategory } from '@gleba/contracts';

export interface SampleForAdvice {
  kind: 'FARM' | 'GARDEN';
  plantId: string | null;
  areaHa: number | null;
  areaAres: number | null;
}

/** The advice's view of an expected sample row (areas come from Postgres as numeric text). */
export function sampleForAdvice(row: {
  kind: 'FARM' | 'GARDEN';
  plant_id: string | null;
  area_ha: number | string | null;
  area_ares: number | string | null;
}): SampleForAdvice {
  return {
    kind: row.kind,
    plantId: row.plant_id,
    areaHa: row.area_ha === null ? null : Number(row.area_ha),
    areaAres: row.area_ares === null ? null : Number(row.area_ares),
  };
}

/** What of a sample its advice depends on, as one text: advice staged for another basis is computed again. */
export function adviceBasisOf(sample: SampleForAdvice): string {
  return `${sample.kind}|${sample.plantId ?? ''}|${sample.areaHa ?? ''}|${sample.areaAres ?? ''}`;
}

/** The values the advice reads, by parameter key (`adviceValuesOf`; a staged row's `advice`). */
export type AdviceValues = Readonly<Record<string, number | null>>;

/** The classes of the measured values (the pH always, the nutrients given the category), or null. */
function classesOf(
  ph: number | null,
  p2o5: number | null,
  k2o: number | null,
  mg: number | null,
  category: AgronomicCategory | null,
) {
  const classes: Record<string, string | null> = {};
  if (ph !== null) classes.PH_KCL = classifyPh(ph);
  if (category) {
    if (p2o5 !== null) classes.P2O5 = classifyNutrient('P2O5', p2o5, category);
    if (k2o !== null) classes.K2O = classifyNutrient('K2O', k2o, category);
    if (mg !== null) classes.MG = classifyNutrient('MG', mg, category);
  }
  return Object.keys(classes).length > 0 ? classes : null;
}

/** The test types a sample was ordered with: the basic test and its additional tests. */
export function orderedTests(sample: { basic_test_type: string; additional_test_types: string[] }): string[] {
  return [sample.basic_test_type, ...sample.additional_test_types];
}

/**
 * A result's advice as the tables store it. The recommendation is split: everything but its
 * `measured` values is the same for every sample with the same crop, area, category, pH to one
 * decimal and nutrient classes, and is stored once in `recommendations` under the hash of its JSON
 * (`body`, with `measured: null` in its place); the result keeps the id and its own `measured`.
 * `{ ...body, measured }` is the recommendation `recommend()` returned, key order included.
 */
export interface StoredAdvice {
  /** JSON of the classes, or null. */
  classes: string | null;
  recommendation: { id: string; body: string; measured: string } | null;
  /** Why there is no recommendation: noCrop, unknownCrop, notBasicTest, or the agronomy error. */
  recommendationError: string | null;
}

/**
 * An advice as `results` (and a staged row) store it, column by column. Its shared recommendation,
 * when not among `known` ones, is added to `fresh` (id -> body) for `storeRecommendations`.
 */
export function adviceColumns(advice: StoredAdvice, known: ReadonlySet<string>, fresh: Map<string, string>) {
  const rec = advice.recommendation;
  if (rec && !known.has(rec.id)) fresh.set(rec.id, rec.body);
  return {
    classes: advice.classes,
    recommendation_id: rec?.id ?? null,
    recommendation_measured: rec?.measured ?? null,
    recommendation_error: advice.recommendationError,
  };
}

type SharedRecommendation =
  { id: string; body: string; measured: Recommendation['measured'] } | { error: string };

function computeRecommendation(input: RecommendationInput): SharedRecommendation {
  try {
    const recommendation = recommend(input);
    const body = JSON.stringify({ ...recommendation, measured: null });
    return {
      id: createHash('sha256').update(body).digest('base64url'),
      body,
      measured: recommendation.measured,
    };
  } catch (error) {
    return { error: (error as Error).message.slice(0, 200) };
  }
}

/**
 * Classes of the measured values and, for a basic test, the recommendation for the sample's crop
 * and area (ha for farm samples, ares for garden ones), with the ruleset versions it used.
 * `recommend()` runs once per distinct `recommendationBasis` key (per apply, bounded): a file's
 * samples of one crop and area share a few hundred recommendations between them.
 */
export function createAdviser(maxEntries = 10_000) {
  const shared = new Map<string, SharedRecommendation>();
  return (
    values: AdviceValues,
    category: AgronomicCategory | null,
    sample: SampleForAdvice,
  ): StoredAdvice => {
    const ph = values.PH_KCL ?? null;
    const p2o5 = values.P2O5 ?? null;
    const k2o = values.K2O ?? null;
    const mg = values.MG ?? null;
    const classes = classesOf(ph, p2o5, k2o, mg, category);
    const base = { classes: classes ? JSON.stringify(classes) : null, recommendation: null };
    if (ph === null || p2o5 === null || k2o === null || mg === null || !category)
      return { ...base, recommendationError: 'notBasicTest' };
    if (!sample.plantId) return { ...base, recommendationError: 'noCrop' };
    if (!getCrop(sample.plantId)) return { ...base, recommendationError: 'unknownCrop' };
    const area =
      sample.kind === 'GARDEN'
        ? { value: sample.areaAres ?? 0, unit: 'a' as const }
        : { value: sample.areaHa ?? 0, unit: 'ha' as const };
    const input: RecommendationInput = { ph, p2o5, k2o, mg, category, cropId: sample.plantId, area };
    const basis = recommendationBasis(input);
    let rec = basis ? shared.get(basis.key) : undefined;
    if (!rec) {
      rec = computeRecommendation(input);
      if (basis) {
        if (shared.size >= maxEntries) shared.clear();
        shared.set(basis.key, rec);
      }
    }
    if ('error' in rec) return { ...base, recommendationError: rec.error };
    const measured = basis?.measured ?? rec.measured;
    return {
      ...base,
      recommendation: { id: rec.id, body: rec.body, measured: JSON.stringify(measured) },
      recommendationError: null,
    };
  };
}

/** A stored result's recommendation and rulesets: the legacy whole column, else the shared body with the row's measured values. */
export function joinRecommendation(row: {
  recommendation: Recommendation | null;
  rulesets: unknown;
  recommendation_body: Record<string, unknown> | null;
  recommendation_measured: Recommendation['measured'] | null;
}): { recommendation: Recommendation | null; rulesets: unknown } {
  if (row.recommendation || !row.recommendation_body)
    return { recommendation: row.recommendation, rulesets: row.rulesets ?? null };
  const recommendation = {
    ...row.recommendation_body,
    measured: row.recommendation_measured,
  } as unknown as Recommendation;
  return { recommendation, rulesets: row.rulesets ?? recommendation.rulesets };
}
