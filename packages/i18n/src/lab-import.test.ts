import { describe, expect, it } from 'vitest';
import { LabImportErrorCode } from '@gleba/contracts';
import { importMessage } from './index';

/** Every parameter an import message may carry, with a sample value. */
const SAMPLE = {
  column: 'E',
  header: 'Potas K2O [mg/100 g]',
  value: 46095,
  label: 'GL0000000001',
  testType: 'MICRO',
  chosen: 'BASIC_TEST',
  firstRow: 2,
  formula: 'C2*2',
  range: '0–1000',
  symbols: 'K2O, Mg',
  sheet: 'Wyniki',
  rejected: 3,
  max: 5,
};

describe('import messages', () => {
  it('render every import code in pl, en and uk with no placeholder, key or code left', () => {
    for (const lang of ['pl', 'en', 'uk'] as const)
      for (const code of Object.values(LabImportErrorCode)) {
        const text = importMessage(lang, code, SAMPLE);
        expect(text, `${lang} ${code}`).not.toMatch(
          /\{\w+\}|errors\.|labResults\.|import[A-Z]|BASIC_TEST|MICRO/,
        );
        expect(text.length, `${lang} ${code}`).toBeGreaterThan(10);
      }
  });

  it('names test types, formats numbers in the locale, and says what a broken one-pass import did', () => {
    expect(importMessage('pl', 'importTestNotOrdered', { label: 'GL1', testType: 'MICRO' })).toBe(
      'Dla próbki GL1 nie zamówiono badania „Mikroelementy”.',
    );
    expect(
      importMessage('pl', 'importCellOutOfRange', { column: 'C', header: 'pH', value: 14.5, range: '0–14' }),
    ).toBe('Kolumna C (pH): 14,5 jest poza dopuszczalnym zakresem (0–14).');
    expect(importMessage('en', 'importFileCorrupt', { afterRow: 1200, rolledBack: true, rowErrors: 7 })).toBe(
      'The file cannot be read: it is damaged. The read broke off after row 1200. Nothing was saved: a one-pass import saves all or nothing. Row errors found before the break: 7.',
    );
  });

  it('keeps a stored text when the parameters its message needs are missing, and never shows a raw code', () => {
    expect(importMessage('pl', 'importDuplicateLabel', null, 'the label X already appeared')).toBe(
      'the label X already appeared',
    );
    expect(importMessage('pl', 'importSomethingNew', null)).toBe('Nieznany błąd.');
  });
});
