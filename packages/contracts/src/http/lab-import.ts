import { z } from 'zod';
import {
  AdminMode,
  AgronomicCategory,
  LabTestType,
  LimingNeed,
  NutrientClass,
  OrderKind,
  PhClass,
  SoilTestType,
} from '../enums';

/** What one row of a lab file reports: the basic test or one of the additional tests. */
export const ImportTestType = z.enum([...SoilTestType.options, ...LabTestType.options]);
export type ImportTestType = z.infer<typeof ImportTestType>;

/** UPLOADED -> CHECKING -> CHECKED -> APPLYING -> APPLIED; FAILED (file-level error) or REJECTED (refused at upload). */
export const ImportStatus = z.enum([
  'UPLOADED',
  'CHECKING',
  'CHECKED',
  'APPLYING',
  'APPLIED',
  'FAILED',
  'REJECTED',
]);
export type ImportStatus = z.infer<typeof ImportStatus>;

/** How far the wizard goes with one upload: only check the document, or check and apply it. */
export const ImportStep = z.enum(['check', 'apply']);
export type ImportStep = z.infer<typeof ImportStep>;

/** `POST /{farm,garden}-api/imports?testType=BASIC_TEST&step=check` (multipart `file` or a raw body). */
export const ZImportUploadQuery = z.object({
  testType: ImportTestType,
  step: ImportStep.default('check'),
  fileName: z.string().max(255).optional(),
});
export type TImportUploadQuery = z.infer<typeof ZImportUploadQuery>;

/**
 * The parameters of an import's message (`errors.<code>` in @gleba/i18n): `column` (its letter),
 * `header` (as the file names it), `value`, `testType`... `importMessage` renders them.
 */
export const ZImportMessageParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type TImportMessageParams = z.infer<typeof ZImportMessageParams>;

export const ZImportRowError = z.object({
  /** The worksheet row (1 = the header); null for a file-level error. */
  row: z.number().int().nullable(),
  label: z.string().nullable(),
  code: z.string(),
  params: ZImportMessageParams.nullable(),
  /** The code and its parameters as text, in the request's language. */
  message: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportView = z.object({
  id: z.uuid(),
  mode: AdminMode,
  testType: ImportTestType,
  fileName: z.string().nullable(),
  fileSize: z.number().int(),
  status: ImportStatus,
  errorCode: z.string().nullable(),
  errorParams: ZImportMessageParams.nullable(),
  /** The file-level error as text, in the request's language. */
  errorMessage: z.string().nullable(),
  progress: z.object({
    phase: z.enum(['check', 'apply']).nullable(),
    rowsRead: z.number().int(),
    total: z.number().int().nullable(),
    percent: z.number().min(0).max(100),
  }),
  summary: z.object({
    rowsRead: z.number().int(),
    valid: z.number().int(),
    applied: z.number().int(),
    rejected: z.number().int(),
    ordersTouched: z.number().int(),
  }),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
  appliedAt: z.string().nullable(),
  createdByUserId: z.uuid(),
});
export type TImportView = z.infer<typeof ZImportView>;

export const ZImportDetail = ZImportView.extend({
  errors: z.array(ZImportRowError),
  errorsTotal: z.number().int(),
});
export type TImportDetail = z.infer<typeof ZImportDetail>;

export const ZResultElement = z.object({
  /** Stable parameter key of the lab file format (`PH_KCL`, `P2O5`, ...). */
  key: z.string(),
  name: z.string(),
  symbol: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  valueDescripted: z.string().nullable(),
  /** The class of the value and its legend, where a table exists. */
  class: z.string().nullable(),
  classLabel: z.string().nullable(),
});
export type TResultElement = z.infer<typeof ZResultElement>;

export const ZFieldHistoryQuery = z
  .object({ cropId: z.uuid().optional(), fieldName: z.string().min(1).max(200).optional() })
  .refine((q) => q.cropId || q.fieldName, { message: 'cropId or fieldName is required' });
export type TFieldHistoryQuery = z.infer<typeof ZFieldHistoryQuery>;

export const ZAgronomicCategoryView = z.object({ value: AgronomicCategory, label: z.string() });
export const ZResultKind = OrderKind;

// ---- results answers (`GET /api/results/...`) --------------------------------------------------
// A recommendation is `@gleba/agronomy`'s `Recommendation` (which depends on this package, so it
// cannot be imported here) with its texts in the request's language. Identifiers that agronomy
// owns (products, rulesets, flags, note keys) are strings here; the labels name the products.

/** A kg-based amount; the garden fields are present only when the area was given in ares. */
export const ZAmount = z.object({
  kgPerHa: z.number(),
  totalKg: z.number(),
  kgPer100m2: z.number().optional(),
  gPerM2: z.number().optional(),
});
export type TAmount = z.infer<typeof ZAmount>;

/** A lime amount in tonnes; the garden fields as in `ZAmount`. */
export const ZLimeAmount = z.object({
  tonnesPerHa: z.number(),
  totalTonnes: z.number(),
  kgPer100m2: z.number().optional(),
  gPerM2: z.number().optional(),
});
export type TLimeAmount = z.infer<typeof ZLimeAmount>;

/** The dose of one nutrient (`P2O5`, `K2O`, `MGO`) and the amount of each fertilizer giving it. */
export const ZNutrientDose = z.object({
  nutrient: z.string(),
  soilClass: NutrientClass,
  factor: z.number(),
  dose: ZAmount,
  products: z.array(z.object({ product: z.string(), percent: z.number(), amount: ZAmount })).readonly(),
});
export type TNutrientDose = z.infer<typeof ZNutrientDose>;

/** Which table produced a figure. */
export const ZRulesetRef = z.object({ id: z.string(), version: z.number().int() });
export type TRulesetRef = z.infer<typeof ZRulesetRef>;

export const ZRecommendationRulesets = z.object({
  phClasses: ZRulesetRef,
  nutrientClasses: ZRulesetRef,
  limingNeed: ZRulesetRef,
  limeDose: ZRulesetRef,
  limeProducts: ZRulesetRef,
  fertilizer: ZRulesetRef,
  crops: ZRulesetRef,
});
export type TRecommendationRulesets = z.infer<typeof ZRecommendationRulesets>;

const ZClassLabels = z.object({
  ph: z.string(),
  p2o5: z.string().nullable(),
  k2o: z.string(),
  mg: z.string(),
});

/** A basic test's lime and fertilizer recommendation for the sample's crop and area. */
export const ZRecommendationView = z.object({
  cropId: z.string(),
  landUse: z.string(),
  mgDemand: z.string(),
  expectedYieldTPerHa: z.number(),
  /** Farms give hectares, gardens ares. */
  area: z.object({ value: z.number(), unit: z.enum(['ha', 'a']), hectares: z.number() }),
  /** The inputs as classed, rounded to one decimal. */
  measured: z.object({ ph: z.number(), p2o5: z.number(), k2o: z.number(), mg: z.number() }),
  /** P2O5 is null where no table classes it (organic soils). */
  classes: z.object({ ph: PhClass, p2o5: NutrientClass.nullable(), k2o: NutrientClass, mg: NutrientClass }),
  liming: z.object({
    need: LimingNeed,
    ruleset: z.string(),
    caoTonnesPerHa: z.number(),
    laterCaoTonnesPerHa: z.number(),
    /** true: the soil needs lime but no table gives a dose (organic soils); the zeros are not advice. */
    noTable: z.boolean(),
    cao: z.object({ now: ZLimeAmount, later: ZLimeAmount }),
    products: z
      .array(
        z.object({
          product: z.string(),
          caoEquivalentPercent: z.number(),
          now: ZLimeAmount,
          later: ZLimeAmount,
        }),
      )
      .readonly(),
    magnesianAdvice: z
      .object({ caoTonnesPerHa: z.number(), product: ZLimeAmount, mgoKgPerHa: z.number() })
      .nullable(),
  }),
  fertilizer: z.object({
    /** null: no P table for the soil (organic). */
    p2o5: ZNutrientDose.nullable(),
    k2o: ZNutrientDose,
    mgo: ZNutrientDose,
    manure: z.object({
      tonnesPerHa: z.number(),
      totalTonnes: z.number(),
      kgPer100m2: z.number().optional(),
      suppliesKgPerHa: z.object({ n: z.number(), p2o5: z.number(), k2o: z.number(), mgo: z.number() }),
    }),
  }),
  flags: z.array(z.string()).readonly(),
  /** Message keys of the `agronomy` namespace; `notesText` has them as text. */
  notes: z
    .array(
      z.object({
        key: z.string(),
        params: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
      }),
    )
    .readonly(),
  rulesets: ZRecommendationRulesets,
  /** The notes in the request's language, in reading order. */
  notesText: z.array(z.string()),
  /** Names in the request's language: the crop, the liming need, the classes and every product. */
  labels: z.object({
    crop: z.string(),
    limingNeed: z.string(),
    classes: ZClassLabels,
    limeProducts: z.record(z.string(), z.string()),
    fertilizerProducts: z.record(z.string(), z.string()),
  }),
});
export type TRecommendationView = z.infer<typeof ZRecommendationView>;

/** One test's results of a sample (the basic test or an additional one). */
export const ZTestResultView = z.object({
  /** An `ImportTestType`. */
  testType: z.string(),
  testTypeLabel: z.string(),
  /** Grows by one each time the lab sends the test's results again. */
  version: z.number().int(),
  importedAt: z.string(),
  updatedAt: z.string(),
  agronomicCategory: ZAgronomicCategoryView.nullable(),
  elements: z.array(ZResultElement),
  recommendation: ZRecommendationView.nullable(),
  /** Why a basic test has no recommendation (`noCrop`, `unknownCrop`, `notBasicTest`, ...). */
  recommendationError: z.string().nullable(),
  rulesets: ZRecommendationRulesets.nullable(),
});
export type TTestResultView = z.infer<typeof ZTestResultView>;

export const ResultsStatus = z.enum(['IN_LAB', 'PARTIAL_RESULTS', 'READY_TO_DOWNLOAD']);
export type ResultsStatus = z.infer<typeof ResultsStatus>;

/** `GET /api/results/tests/{testId}`: a sample (a farm sector's or a garden test's) and its results. */
export const ZSampleResultsView = z.object({
  testId: z.uuid(),
  code: z.string(),
  /** The farm order or the garden test the sample belongs to. */
  orderId: z.uuid(),
  orderNumber: z.string(),
  kind: ZResultKind,
  fieldName: z.string(),
  plantId: z.string().nullable(),
  plantName: z.string().nullable(),
  /** The field (geo crop) of a farm sample; null for a garden. */
  cropId: z.uuid().nullable(),
  area: z.object({ value: z.number().nullable(), unit: z.enum(['ha', 'a']) }),
  cancelled: z.boolean(),
  status: ResultsStatus,
  statusLabel: z.string(),
  expectedTests: z.array(z.string()),
  results: z.array(ZTestResultView),
});
export type TSampleResultsView = z.infer<typeof ZSampleResultsView>;

/** `GET /api/results/orders/{orderId}`: every sample of a farm order (one per sector). */
export const ZOrderResultsView = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  status: ResultsStatus,
  samples: z.array(ZSampleResultsView),
});
export type TOrderResultsView = z.infer<typeof ZOrderResultsView>;

/** One item of `GET /api/results/fields/history`: a sample's result of one test type. */
export const ZFieldResultView = ZTestResultView.extend({
  testId: z.uuid(),
  code: z.string(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  fieldName: z.string(),
  cropId: z.uuid().nullable(),
  plantId: z.string().nullable(),
});
export type TFieldResultView = z.infer<typeof ZFieldResultView>;

/** `GET /api/results/fields/history`, oldest update first. */
export const ZFieldHistoryView = z.object({ items: z.array(ZFieldResultView) });
export type TFieldHistoryView = z.infer<typeof ZFieldHistoryView>;

/** `GET /{farm,garden}-api/results?orderId=|code=`: the samples with their owners. */
export const ZAdminResultsView = z.object({
  items: z.array(ZSampleResultsView.extend({ userId: z.uuid() })),
});
export type TAdminResultsView = z.infer<typeof ZAdminResultsView>;
