import { describe, expect, it } from 'vitest';
import { LIMING_NEED_MESSAGE, NUTRIENT_CLASS_MESSAGE, PH_CLASS_MESSAGE } from '@gleba/agronomy';
import { LimingNeed, NutrientClass, PhClass } from '@gleba/contracts';
import { t } from '@gleba/i18n';
import { NUTRIENT_COLOURS, PH_COLOURS } from './class-chart';
import { LAYERS, LIMING_COLOURS, NO_DATA_COLOUR, classOf, colourOf, legendEntries } from './layers';

const el = (key: string, cls: string | null) => ({
  key,
  name: key,
  symbol: key,
  unit: '-',
  value: 1,
  valueDescripted: null,
  class: cls,
  classLabel: null,
});
const result = {
  elements: [el('PH_KCL', 'ACIDIC'), el('P2O5', 'VERY_LOW'), el('K2O', 'HIGH'), el('MG', null)],
  recommendation: { liming: { need: 'NECESSARY' } } as never,
};

describe('sector colouring: class -> colour and legend', () => {
  it('reads each layer class from the result (pH, liming need, P, K, Mg), null when the lab gave none', () => {
    expect(LAYERS.map((l) => classOf(result, l))).toEqual(['ACIDIC', 'NECESSARY', 'VERY_LOW', 'HIGH', null]);
    expect(classOf(undefined, 'PH')).toBeNull();
    expect(classOf({ ...result, recommendation: null }, 'LIMING')).toBeNull();
    // A class the layer does not know (a typo in a file, another layer's class) is no class.
    expect(classOf({ ...result, elements: [el('PH_KCL', 'VERY_LOW')] }, 'PH')).toBeNull();
  });

  it('colours every class of every layer with a distinct colour, grey without a class', () => {
    expect(PhClass.options.map((c) => colourOf(c, 'PH'))).toEqual(PH_COLOURS);
    expect(LimingNeed.options.map((c) => colourOf(c, 'LIMING'))).toEqual(LIMING_COLOURS);
    for (const l of ['P', 'K', 'MG'] as const)
      expect(NutrientClass.options.map((c) => colourOf(c, l))).toEqual(NUTRIENT_COLOURS);
    for (const l of LAYERS) {
      const colours = legendEntries(l).map((e) => e.colour);
      expect(new Set(colours).size).toBe(colours.length);
      expect(colourOf(null, l)).toBe(NO_DATA_COLOUR);
      expect(colourOf('NOT_A_CLASS', l)).toBe(NO_DATA_COLOUR);
    }
  });

  it('gives every colour of the map a legend row named by the agronomy package, "no result" last', () => {
    expect(legendEntries('PH').map((e) => e.message)).toEqual([
      ...PhClass.options.map((c) => PH_CLASS_MESSAGE[c]),
      'farmOrder.noData',
    ]);
    expect(legendEntries('LIMING').map((e) => e.message)).toEqual([
      ...LimingNeed.options.map((c) => LIMING_NEED_MESSAGE[c]),
      'farmOrder.noData',
    ]);
    expect(legendEntries('K').map((e) => e.message)).toEqual([
      ...NutrientClass.options.map((c) => NUTRIENT_CLASS_MESSAGE[c]),
      'farmOrder.noData',
    ]);
    expect(legendEntries('MG').at(-1)).toEqual({
      cls: 'none',
      colour: NO_DATA_COLOUR,
      message: 'farmOrder.noData',
    });
    // Each row has a text in every language (not the key).
    for (const lang of ['pl', 'en', 'uk'] as const)
      for (const l of LAYERS)
        for (const e of legendEntries(l)) {
          const text = t(lang, e.message as never);
          expect(text).not.toBe(e.message);
          expect(text.length).toBeGreaterThan(2);
        }
    expect(legendEntries('P').map((e) => t('pl', e.message as never))).toEqual([
      'bardzo niska',
      'niska',
      'średnia',
      'wysoka',
      'bardzo wysoka',
      'brak wyniku',
    ]);
  });
});
