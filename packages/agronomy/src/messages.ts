import type { AgronomicCategory, Language, LimingNeed, NutrientClass, PhClass } from '@gleba/contracts';
import { t, type namespaces } from '@gleba/i18n';
import type { FertilizerProduct } from './rulesets/fertilizer';
import type { LimeProduct } from './rulesets/lime-products';
import type { Nutrient } from './types';

/** Every key of the `agronomy` namespace: a renamed message breaks the build here, not in a SPA. */
export type AgronomyMessageKey = `agronomy.${keyof (typeof namespaces)['agronomy']['pl'] & string}`;

export interface Note {
  readonly key: AgronomyMessageKey;
  readonly params?: Readonly<Record<string, number | string>>;
}

export const PH_CLASS_MESSAGE: Readonly<Record<PhClass, AgronomyMessageKey>> = {
  VERY_ACIDIC: 'agronomy.phVeryAcidic',
  ACIDIC: 'agronomy.phAcidic',
  SLIGHTLY_ACIDIC: 'agronomy.phSlightlyAcidic',
  NEUTRAL: 'agronomy.phNeutral',
  ALKALINE: 'agronomy.phAlkaline',
};

export const NUTRIENT_CLASS_MESSAGE: Readonly<Record<NutrientClass, AgronomyMessageKey>> = {
  VERY_LOW: 'agronomy.classVeryLow',
  LOW: 'agronomy.classLow',
  MEDIUM: 'agronomy.classMedium',
  HIGH: 'agronomy.classHigh',
  VERY_HIGH: 'agronomy.classVeryHigh',
};

export const CATEGORY_MESSAGE: Readonly<Record<AgronomicCategory, AgronomyMessageKey>> = {
  VERY_LIGHT: 'agronomy.categoryVeryLight',
  LIGHT: 'agronomy.categoryLight',
  MEDIUM: 'agronomy.categoryMedium',
  HEAVY: 'agronomy.categoryHeavy',
  ORGANIC: 'agronomy.categoryOrganic',
};

export const LIMING_NEED_MESSAGE: Readonly<Record<LimingNeed, AgronomyMessageKey>> = {
  NECESSARY: 'agronomy.needNecessary',
  NEEDED: 'agronomy.needNeeded',
  ADVISABLE: 'agronomy.needAdvisable',
  LIMITED: 'agronomy.needLimited',
  NOT_NEEDED: 'agronomy.needNotNeeded',
};

export const NUTRIENT_MESSAGE: Readonly<Record<Nutrient, AgronomyMessageKey>> = {
  P2O5: 'agronomy.nutrientP2o5',
  K2O: 'agronomy.nutrientK2o',
  MG: 'agronomy.nutrientMg',
};

export const LIME_PRODUCT_MESSAGE: Readonly<Record<LimeProduct, AgronomyMessageKey>> = {
  OXIDE: 'agronomy.limeOxide',
  CARBONATE: 'agronomy.limeCarbonate',
  MAGNESIAN: 'agronomy.limeMagnesian',
  CHALK: 'agronomy.limeChalk',
};

export const FERTILIZER_PRODUCT_MESSAGE: Readonly<Record<FertilizerProduct | 'MANURE', AgronomyMessageKey>> =
  {
    SUPERPHOSPHATE_SINGLE: 'agronomy.productSuperphosphateSingle',
    SUPERPHOSPHATE_TRIPLE: 'agronomy.productSuperphosphateTriple',
    AMMONIUM_PHOSPHATE: 'agronomy.productAmmoniumPhosphate',
    MULTICOMPONENT_8_24_24: 'agronomy.productMulticomponent82424',
    POTASSIUM_SALT: 'agronomy.productPotassiumSalt',
    POTASSIUM_SULFATE: 'agronomy.productPotassiumSulfate',
    MULTICOMPONENT_5_10_25: 'agronomy.productMulticomponent51025',
    MAGNESIUM_SULFATE: 'agronomy.productMagnesiumSulfate',
    KIESERITE: 'agronomy.productKieserite',
    MANURE: 'agronomy.productManure',
  };

const LOCALE: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' };

/** Sentences in one language; numbers get that language's decimal separator (4,5 t in pl and uk). */
export function renderNotes(notes: readonly Note[], lang: Language): string[] {
  const format = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 2 });
  return notes.map((note) => {
    const params = note.params
      ? Object.fromEntries(
          Object.entries(note.params).map(([k, v]) => [k, typeof v === 'number' ? format.format(v) : v]),
        )
      : undefined;
    return t(lang, note.key, params);
  });
}
