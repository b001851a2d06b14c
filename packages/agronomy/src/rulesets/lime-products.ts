import type { Ruleset } from '../types';

export type LimeProduct = 'OXIDE' | 'CARBONATE' | 'MAGNESIAN' | 'CHALK';

export interface LimeProductSpec {
  readonly caoPercent: number;
  readonly mgoPercent: number;
}

/** MgO neutralises 1.39 times as much acid as the same mass of CaO (molar masses 56.08 / 40.30). */
export const MGO_AS_CAO = 1.39;

export const LIME_PRODUCTS: Ruleset & { readonly products: Record<LimeProduct, LimeProductSpec> } = {
  id: 'LIME_PRODUCTS',
  version: 1,
  source:
    'Typical minimum declared content by product (Polish fertiliser declarations); the lower bound where a range is given',
  products: {
    OXIDE: { caoPercent: 60, mgoPercent: 0 },
    CARBONATE: { caoPercent: 40, mgoPercent: 0 },
    // A common carbonate magnesian lime; counted as CaO + 1.39 x MgO = 50.85 % CaO equivalent.
    MAGNESIAN: { caoPercent: 30, mgoPercent: 15 },
    CHALK: { caoPercent: 50, mgoPercent: 0 },
  },
};

export function caoEquivalentPercent(spec: LimeProductSpec): number {
  return spec.caoPercent + MGO_AS_CAO * spec.mgoPercent;
}
