import type { AgronomicCategory, Bands, Nutrient, NutrientClass, Ruleset } from '../types';

const CLASSES = [
  'VERY_LOW',
  'LOW',
  'MEDIUM',
  'HIGH',
  'VERY_HIGH',
] as const satisfies readonly NutrientClass[];

function bands(upperBounds: [number, number, number, number]): Bands<NutrientClass> {
  return { upperBounds, classes: CLASSES };
}

const P2O5_MINERAL = bands([5.0, 10.0, 15.0, 20.0]);

export interface NutrientClassRuleset extends Ruleset {
  /** null: no table was found for that soil, and we do not make one up. */
  readonly tables: Record<Nutrient, Record<AgronomicCategory, Bands<NutrientClass> | null>>;
}

export const NUTRIENT_CLASSES: NutrientClassRuleset = {
  id: 'PN_R_0402X',
  version: 1,
  source:
    'Content classes of PN-R-04020/-04022/-04023 as reprinted by OSChR/KSChR (standards not seen in full); ' +
    'P2O5, K2O Egner-Riehm, Mg Schachtschabel, mg/100 g',
  tables: {
    P2O5: {
      VERY_LIGHT: P2O5_MINERAL,
      LIGHT: P2O5_MINERAL,
      MEDIUM: P2O5_MINERAL,
      HEAVY: P2O5_MINERAL,
      ORGANIC: null,
    },
    K2O: {
      VERY_LIGHT: bands([2.5, 7.5, 12.5, 17.5]),
      LIGHT: bands([5.0, 10.0, 15.0, 20.0]),
      MEDIUM: bands([7.5, 12.5, 20.0, 25.0]),
      HEAVY: bands([10.0, 15.0, 25.0, 30.0]),
      // Printed as whole numbers (<= 30, 31-60 ...); read as inclusive upper bounds so 30.1 is low.
      ORGANIC: bands([30, 60, 90, 120]),
    },
    MG: {
      VERY_LIGHT: bands([1.0, 2.0, 4.0, 6.0]),
      LIGHT: bands([2.0, 3.0, 5.0, 7.0]),
      MEDIUM: bands([3.0, 5.0, 7.0, 9.0]),
      HEAVY: bands([4.0, 6.0, 10.0, 14.0]),
      ORGANIC: bands([20, 40, 80, 120]),
    },
  },
};
