import { LIMING_NEED_MESSAGE, NUTRIENT_CLASS_MESSAGE, PH_CLASS_MESSAGE } from '@gleba/agronomy';
import { LimingNeed, NutrientClass, PhClass, type Language, type TFieldResultView } from '@gleba/contracts';
import { formatNumber } from '@gleba/i18n';
import { NUTRIENT_COLOURS, PH_COLOURS } from './class-chart';

/** What the sector map colours: the pH class, the liming need, or the P, K or Mg content class. */
export const LAYERS = ['PH', 'LIMING', 'P', 'K', 'MG'] as const;
export type Layer = (typeof LAYERS)[number];

/** Liming need from the most urgent (red, like a very acidic pH) to none (green). */
export const LIMING_COLOURS = ['#c0392b', '#e67e22', '#f1c40f', '#a9cce3', '#27ae60'];
/** A sector without a result for the layer. */
export const NO_DATA_COLOUR = '#bdbdbd';

export interface LayerSpec {
  /** The classes in legend order; their colours by index. */
  classes: readonly string[];
  colours: readonly string[];
  /** The agronomy namespace key of each class (names from `@gleba/agronomy`). */
  message: (cls: string) => string;
  /** The element key of the lab file format the class is read from (none for the liming need). */
  element?: string;
}

export const LAYER_SPEC: Record<Layer, LayerSpec> = {
  PH: {
    classes: PhClass.options,
    colours: PH_COLOURS,
    message: (c) => PH_CLASS_MESSAGE[c as PhClass],
    element: 'PH_KCL',
  },
  LIMING: {
    classes: LimingNeed.options,
    colours: LIMING_COLOURS,
    message: (c) => LIMING_NEED_MESSAGE[c as LimingNeed],
  },
  P: {
    classes: NutrientClass.options,
    colours: NUTRIENT_COLOURS,
    message: (c) => NUTRIENT_CLASS_MESSAGE[c as NutrientClass],
    element: 'P2O5',
  },
  K: {
    classes: NutrientClass.options,
    colours: NUTRIENT_COLOURS,
    message: (c) => NUTRIENT_CLASS_MESSAGE[c as NutrientClass],
    element: 'K2O',
  },
  MG: {
    classes: NutrientClass.options,
    colours: NUTRIENT_COLOURS,
    message: (c) => NUTRIENT_CLASS_MESSAGE[c as NutrientClass],
    element: 'MG',
  },
};

/** What a class is read from: a basic-test result (a field history item or a test's own result). */
export type ClassSource = Pick<TFieldResultView, 'elements' | 'recommendation'>;

/** The class of one result for a layer, or null when the lab gave none (no value, no table, no recommendation). */
export function classOf(result: ClassSource | undefined, layer: Layer): string | null {
  if (!result) return null;
  if (layer === 'LIMING') return result.recommendation?.liming.need ?? null;
  const spec = LAYER_SPEC[layer];
  const el = result.elements.find((e) => e.key === spec.element);
  const cls = el?.class ?? null;
  return cls && spec.classes.includes(cls) ? cls : null;
}

export function colourOf(cls: string | null, layer: Layer): string {
  if (!cls) return NO_DATA_COLOUR;
  const spec = LAYER_SPEC[layer];
  const i = spec.classes.indexOf(cls);
  return i < 0 ? NO_DATA_COLOUR : (spec.colours[i] ?? NO_DATA_COLOUR);
}

/** One row of a layer's legend: the class (`none` for "no result"), its colour and its text's key. */
export interface LegendEntry {
  cls: string;
  colour: string;
  message: string;
}

/**
 * The legend of a layer, in class order, then "no result": every colour on the map has a row
 * with its name in words (colour is never the only cue).
 */
export function legendEntries(layer: Layer): LegendEntry[] {
  const spec = LAYER_SPEC[layer];
  return [
    ...spec.classes.map((cls, i) => ({
      cls,
      colour: spec.colours[i] ?? NO_DATA_COLOUR,
      message: spec.message(cls),
    })),
    { cls: 'none', colour: NO_DATA_COLOUR, message: 'farmOrder.noData' },
  ];
}

/** An element's value as the language writes it (`6,3` in pl and uk), or its described value. */
export function valueOf(result: ClassSource | undefined, key: string, lang: Language): string {
  const el = result?.elements.find((e) => e.key === key);
  if (!el) return '—';
  return el.value !== null ? formatNumber(lang, el.value, 2) : (el.valueDescripted ?? '—');
}
