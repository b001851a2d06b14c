import type { Bands, PhClass, Ruleset } from '../types';

export const PH_CLASSES: Ruleset & { readonly bands: Bands<PhClass> } = {
  id: 'PH_KCL',
  version: 1,
  source: 'pH in 1 M KCl, five classes as in the product legend (IUNG-PIB / OSChR reprints)',
  bands: {
    upperBounds: [4.5, 5.5, 6.5, 7.2],
    classes: ['VERY_ACIDIC', 'ACIDIC', 'SLIGHTLY_ACIDIC', 'NEUTRAL', 'ALKALINE'],
  },
};
