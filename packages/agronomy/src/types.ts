import type { AgronomicCategory, LimingNeed, NutrientClass, PhClass } from '@gleba/contracts';

export type { AgronomicCategory, LimingNeed, NutrientClass, PhClass };

/** Mineral soils: the categories every liming table covers. */
export type MineralCategory = Exclude<AgronomicCategory, 'ORGANIC'>;

/** What the lab reports: P2O5 and K2O by Egner-Riehm, Mg (as Mg) by Schachtschabel, all mg/100 g. */
export type Nutrient = 'P2O5' | 'K2O' | 'MG';

export type LandUse = 'ARABLE' | 'GRASSLAND';

export type LimeRuleset = 'IUNG_2022' | 'CLASSIC';

export type MgDemand = 'LOW' | 'MEDIUM' | 'HIGH';

/** Which table produced a figure: lab-import stores these beside the result. */
export interface RulesetRef {
  readonly id: string;
  readonly version: number;
}

export interface Ruleset extends RulesetRef {
  /** The publication the table was copied from, so a reader can check it. */
  readonly source: string;
}

/**
 * Classes by inclusive upper bounds: a value (rounded to 0.1) takes the first class whose bound
 * holds it, and the last class when it is above every bound.
 */
export interface Bands<C extends string> {
  readonly upperBounds: readonly number[];
  readonly classes: readonly C[];
}

export interface LimeDose {
  readonly caoTonnesPerHa: number;
  /** The "b" of an "a+b" dose: CaO to apply in a later year; 0 when none. */
  readonly laterCaoTonnesPerHa: number;
  /** Present only when the ruleset has no dose for this soil (organic soils): 0 here means "unknown", not "none". */
  readonly noTable?: true;
}
