import { describe, expect, it } from 'vitest';
import { classifyNutrient, classifyPh } from './classify';
import { markdownRows, parseRange, tenth, type Range } from './test-tables';
import type { AgronomicCategory, Nutrient, NutrientClass } from './types';

const CATEGORIES = [
  'VERY_LIGHT',
  'LIGHT',
  'MEDIUM',
  'HEAVY',
  'ORGANIC',
] as const satisfies readonly AgronomicCategory[];
const NUTRIENT_CLASSES = [
  'VERY_LOW',
  'LOW',
  'MEDIUM',
  'HIGH',
  'VERY_HIGH',
] as const satisfies readonly NutrientClass[];

/**
 * For every class range: on its bounds, just inside them, and just outside them (which must be the
 * neighbouring class). `gap` is the step the table prints values in (0.1, or 1 for whole numbers).
 */
function checkBoundaries<C>(
  ranges: readonly Range[],
  classes: readonly C[],
  classify: (v: number) => C,
  gap = 0.1,
): void {
  ranges.forEach((range, i) => {
    const cls = classes[i];
    if (range.max !== undefined) {
      expect(classify(range.max), `on ${range.max}`).toBe(cls);
      expect(classify(tenth(range.max - 0.1)), `just below ${range.max}`).toBe(cls);
      expect(classify(tenth(range.max + 0.1)), `just above ${range.max}`).toBe(classes[i + 1]);
    }
    if (range.min !== undefined) {
      expect(classify(range.min), `on ${range.min}`).toBe(cls);
      expect(classify(tenth(range.min + 0.1)), `just above ${range.min}`).toBe(cls);
      expect(classify(tenth(range.min - gap)), `just below ${range.min}`).toBe(classes[i - 1]);
    }
  });
}

describe('classifyPh (pH in 1 M KCl)', () => {
  // Verbatim from the reference.
  const table = `
| class (spec's legend) | pH |
|---|---|
| very acidic | <= 4.5 |
| acidic | 4.6 - 5.5 |
| slightly acidic | 5.6 - 6.5 |
| neutral (indifferent) | 6.6 - 7.2 |
| alkaline | > 7.2 |`;

  it('puts every boundary in the printed class', () => {
    const ranges = markdownRows(table).map((row) => parseRange(row[1] ?? ''));
    checkBoundaries(ranges, ['VERY_ACIDIC', 'ACIDIC', 'SLIGHTLY_ACIDIC', 'NEUTRAL', 'ALKALINE'], classifyPh);
  });

  it('rounds to one decimal, half up, before classing', () => {
    expect(classifyPh(4.54)).toBe('VERY_ACIDIC');
    expect(classifyPh(4.55)).toBe('ACIDIC');
    expect(classifyPh(7.249)).toBe('NEUTRAL');
    expect(classifyPh(7.25)).toBe('ALKALINE');
    // 1.45 * 10 is 14.499... in binary: still rounds up like a printed 6.45 would.
    expect(classifyPh(6.45)).toBe('SLIGHTLY_ACIDIC');
    expect(classifyPh(6.55)).toBe('NEUTRAL');
  });

  it('covers the extremes and rejects impossible values', () => {
    expect(classifyPh(0)).toBe('VERY_ACIDIC');
    expect(classifyPh(14)).toBe('ALKALINE');
    expect(() => classifyPh(-0.1)).toThrow(RangeError);
    expect(() => classifyPh(14.1)).toThrow(RangeError);
    expect(() => classifyPh(Number.NaN)).toThrow(RangeError);
  });
});

describe('classifyNutrient', () => {
  const P2O5 = ['<= 5.0', '5.1-10.0', '10.1-15.0', '15.1-20.0', '>= 20.1'];
  // Verbatim from the reference.
  const K2O = `
| class | very light | light | medium | heavy | organic |
|---|---|---|---|---|---|
| very low | <= 2.5 | <= 5.0 | <= 7.5 | <= 10.0 | <= 30 |
| low | 2.6-7.5 | 5.1-10.0 | 7.6-12.5 | 10.1-15.0 | 31-60 |
| medium | 7.6-12.5 | 10.1-15.0 | 12.6-20.0 | 15.1-25.0 | 61-90 |
| high | 12.6-17.5 | 15.1-20.0 | 20.1-25.0 | 25.1-30.0 | 91-120 |
| very high | >= 17.6 | >= 20.1 | >= 25.1 | >= 30.1 | >= 121 |`;
  const MG = `
| class | very light | light | medium | heavy | organic |
|---|---|---|---|---|---|
| very low | <= 1.0 | <= 2.0 | <= 3.0 | <= 4.0 | <= 20 |
| low | 1.1-2.0 | 2.1-3.0 | 3.1-5.0 | 4.1-6.0 | 21-40 |
| medium | 2.1-4.0 | 3.1-5.0 | 5.1-7.0 | 6.1-10.0 | 41-80 |
| high | 4.1-6.0 | 5.1-7.0 | 7.1-9.0 | 10.1-14.0 | 81-120 |
| very high | >= 6.1 | >= 7.1 | >= 9.1 | >= 14.1 | >= 121 |`;

  function column(table: string, index: number): Range[] {
    return markdownRows(table).map((row) => parseRange(row[index + 1] ?? ''));
  }

  for (const category of CATEGORIES.filter((c) => c !== 'ORGANIC')) {
    it(`P2O5 on ${category} soil: every boundary`, () => {
      checkBoundaries(P2O5.map(parseRange), NUTRIENT_CLASSES, (v) => classifyNutrient('P2O5', v, category));
    });
  }

  it('P2O5 on organic soil has no table: null, whatever the value', () => {
    for (const v of [0, 5, 20.1, 80]) expect(classifyNutrient('P2O5', v, 'ORGANIC')).toBeNull();
  });

  const tables: [Nutrient, string][] = [
    ['K2O', K2O],
    ['MG', MG],
  ];
  for (const [nutrient, table] of tables) {
    CATEGORIES.forEach((category, index) => {
      it(`${nutrient} on ${category} soil: every boundary`, () => {
        // The organic column is printed in whole numbers.
        const gap = category === 'ORGANIC' ? 1 : 0.1;
        checkBoundaries(
          column(table, index),
          NUTRIENT_CLASSES,
          (v) => classifyNutrient(nutrient, v, category),
          gap,
        );
      });
    });
  }

  it('organic columns printed as whole numbers: the gap between 30 and 31 belongs to the upper class', () => {
    expect(classifyNutrient('K2O', 30.04, 'ORGANIC')).toBe('VERY_LOW');
    expect(classifyNutrient('K2O', 30.1, 'ORGANIC')).toBe('LOW');
    expect(classifyNutrient('K2O', 30.9, 'ORGANIC')).toBe('LOW');
    expect(classifyNutrient('MG', 120.5, 'ORGANIC')).toBe('VERY_HIGH');
  });

  it('rounds to one decimal before classing', () => {
    expect(classifyNutrient('P2O5', 5.04, 'LIGHT')).toBe('VERY_LOW');
    expect(classifyNutrient('P2O5', 5.05, 'LIGHT')).toBe('LOW');
    expect(classifyNutrient('K2O', 2.549, 'VERY_LIGHT')).toBe('VERY_LOW');
    expect(classifyNutrient('K2O', 2.55, 'VERY_LIGHT')).toBe('LOW');
    expect(classifyNutrient('MG', 14.05, 'HEAVY')).toBe('VERY_HIGH');
  });

  it('rejects negative and non-finite values', () => {
    expect(() => classifyNutrient('K2O', -1, 'LIGHT')).toThrow(RangeError);
    expect(() => classifyNutrient('MG', Number.POSITIVE_INFINITY, 'LIGHT')).toThrow(RangeError);
  });
});
