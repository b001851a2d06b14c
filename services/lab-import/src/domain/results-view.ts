import {
  CATEGORY_MESSAGE,
  FERTILIZER_PRODUCT_MESSAGE,
  getCrop,
  LIME_PRODUCT_MESSAGE,
  LIMING_NEED_MESSAGE,
  NUTRIENT_CLASS_MESSAGE,
  PH_CLASS_MESSAGE,
  renderNotes,
  type Recommendation,
} from '@gleba/agronomy';
import type {
  AgronomicCategory,
  Language,
  NutrientClass,
  PhClass,
  ResultsStatus,
  TRecommendationRulesets,
  TRecommendationView,
  TResultElement,
  TSampleResultsView,
  TTestResultView,
} from '@gleba/contracts';
import { t } from '@gleba/i18n';
import type { StoredElement } from './elements';
import { PARAM_BY_KEY, type ParamKey } from './file-format';
import { orderedTests } from './recommendation';

export interface SampleRecord {
  sample_id: string;
  code: string;
  order_id: string;
  order_number: string;
  kind: 'FARM' | 'GARDEN';
  basic_test_type: string;
  additional_test_types: string[];
  field_name: string;
  plant_id: string | null;
  crop_id: string | null;
  area_ha: number | null;
  area_ares: number | null;
  cancelled_at: Date | null;
}

export interface ResultRecord {
  sample_id: string;
  test_type: string;
  agronomic_category: string | null;
  elements: StoredElement[];
  classes: Record<string, string | null> | null;
  recommendation: Recommendation | null;
  recommendation_error: string | null;
  /** The tables the recommendation used; null without one. */
  rulesets: TRecommendationRulesets | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export function resultsStatus(sample: SampleRecord, results: readonly ResultRecord[]): ResultsStatus {
  const have = new Set(results.map((r) => r.test_type));
  const expected = orderedTests(sample);
  if (expected.every((tt) => have.has(tt))) return 'READY_TO_DOWNLOAD';
  return have.size > 0 ? 'PARTIAL_RESULTS' : 'IN_LAB';
}

function classLabel(key: string, cls: string | null | undefined, lang: Language): string | null {
  if (!cls) return null;
  if (key === 'PH_KCL') return t(lang, PH_CLASS_MESSAGE[cls as PhClass]);
  return t(lang, NUTRIENT_CLASS_MESSAGE[cls as NutrientClass]);
}

export function elementView(
  e: StoredElement,
  classes: Record<string, string | null> | null,
  lang: Language,
): TResultElement {
  const spec = PARAM_BY_KEY.get(e.key as ParamKey);
  const cls = classes?.[e.key] ?? null;
  return {
    key: e.key,
    name: spec ? t(lang, `labResults.${spec.nameKey}`) : e.name,
    symbol: e.symbol,
    unit: e.unit,
    value: e.value,
    valueDescripted: e.valueDescripted,
    class: cls,
    classLabel: classLabel(e.key, cls, lang),
  };
}

function recommendationView(r: Recommendation, lang: Language): TRecommendationView {
  const label = (key: Parameters<typeof t>[1]) => t(lang, key);
  return {
    ...r,
    notesText: renderNotes(r.notes, lang),
    labels: {
      crop: getCrop(r.cropId)?.names[lang] ?? r.cropId,
      limingNeed: label(LIMING_NEED_MESSAGE[r.liming.need]),
      classes: {
        ph: label(PH_CLASS_MESSAGE[r.classes.ph]),
        p2o5: r.classes.p2o5 ? label(NUTRIENT_CLASS_MESSAGE[r.classes.p2o5]) : null,
        k2o: label(NUTRIENT_CLASS_MESSAGE[r.classes.k2o]),
        mg: label(NUTRIENT_CLASS_MESSAGE[r.classes.mg]),
      },
      limeProducts: Object.fromEntries(Object.entries(LIME_PRODUCT_MESSAGE).map(([k, v]) => [k, label(v)])),
      fertilizerProducts: Object.fromEntries(
        Object.entries(FERTILIZER_PRODUCT_MESSAGE).map(([k, v]) => [k, label(v)]),
      ),
    },
  };
}

export function resultView(r: ResultRecord, lang: Language): TTestResultView {
  const category = r.agronomic_category as AgronomicCategory | null;
  return {
    testType: r.test_type,
    testTypeLabel: t(lang, `labResults.test${r.test_type}`),
    version: r.version,
    importedAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    agronomicCategory: category ? { value: category, label: t(lang, CATEGORY_MESSAGE[category]) } : null,
    elements: r.elements.map((e) => elementView(e, r.classes, lang)),
    recommendation: r.recommendation ? recommendationView(r.recommendation, lang) : null,
    recommendationError: r.recommendation_error,
    rulesets: r.rulesets ?? null,
  };
}

export function sampleResultsView(
  sample: SampleRecord,
  results: readonly ResultRecord[],
  lang: Language,
): TSampleResultsView {
  const status = resultsStatus(sample, results);
  const garden = sample.kind === 'GARDEN';
  return {
    testId: sample.sample_id,
    code: sample.code,
    orderId: sample.order_id,
    orderNumber: sample.order_number,
    kind: sample.kind,
    fieldName: sample.field_name,
    plantId: sample.plant_id,
    plantName: sample.plant_id ? (getCrop(sample.plant_id)?.names[lang] ?? null) : null,
    cropId: sample.crop_id,
    area: garden
      ? { value: sample.area_ares, unit: 'a' as const }
      : { value: sample.area_ha, unit: 'ha' as const },
    cancelled: sample.cancelled_at !== null,
    status,
    statusLabel: t(lang, `labResults.status${status}`),
    expectedTests: orderedTests(sample),
    results: results.map((r) => resultView(r, lang)),
  };
}
