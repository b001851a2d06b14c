export type {
  AgronomicCategory,
  Bands,
  LandUse,
  LimeDose,
  LimeRuleset,
  LimingNeed,
  MgDemand,
  MineralCategory,
  Nutrient,
  NutrientClass,
  PhClass,
  Ruleset,
  RulesetRef,
} from './types';
export { classifyPh, classifyNutrient } from './classify';
export { limingNeed, limeDose } from './liming';
export { recommend, recommendationBasis } from './recommend';
export type {
  Amount,
  AreaUnit,
  LimeAmount,
  LimeProductAmount,
  NutrientDose,
  Recommendation,
  RecommendationFlag,
  RecommendationInput,
} from './recommend';
export { CROPS, CROP_CATALOGUE, getCrop, type Crop } from './crops';
export {
  CATEGORY_MESSAGE,
  FERTILIZER_PRODUCT_MESSAGE,
  LIME_PRODUCT_MESSAGE,
  LIMING_NEED_MESSAGE,
  NUTRIENT_CLASS_MESSAGE,
  NUTRIENT_MESSAGE,
  PH_CLASS_MESSAGE,
  renderNotes,
  type AgronomyMessageKey,
  type Note,
} from './messages';
export { PH_CLASSES } from './rulesets/ph-classes';
export { NUTRIENT_CLASSES, type NutrientClassRuleset } from './rulesets/nutrient-classes';
export { LIMING_NEED, type LimingNeedRuleset } from './rulesets/liming-need';
export {
  CLASSIC_LIME_DOSE,
  IUNG_2022_LIME_DOSE,
  LIME_DOSE_RULESETS,
  type ClassicLimeDoseRuleset,
  type IungCell,
  type IungLimeDoseRuleset,
} from './rulesets/lime-dose';
export {
  LIME_PRODUCTS,
  MGO_AS_CAO,
  caoEquivalentPercent,
  type LimeProduct,
  type LimeProductSpec,
} from './rulesets/lime-products';
export {
  ELEMENT_TO_OXIDE,
  FERTILIZER,
  type FertilizerNutrient,
  type FertilizerProduct,
  type FertilizerRuleset,
} from './rulesets/fertilizer';
export {
  PRESCRIPTION_KINDS,
  PRESCRIPTION_PRODUCTS,
  PRESCRIPTION_RULES,
  nutrientDoseKgPerHa,
  prescribe,
  prescriptionProduct,
  productRateKgPerHa,
  type DoseSource,
  type Prescription,
  type PrescriptionKind,
  type PrescriptionProduct,
  type PrescriptionProductId,
  type PrescriptionSectorInput,
  type PrescriptionZone,
} from './prescription';
