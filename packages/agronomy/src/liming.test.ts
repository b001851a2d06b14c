import { describe, expect, it } from 'vitest';
import { limeDose, limingNeed } from './liming';
import { markdownRows, parseRange, tenth } from './test-tables';
import type { LimeDose, LimingNeed, MineralCategory } from './types';

const MINERAL = ['VERY_LIGHT', 'LIGHT', 'MEDIUM', 'HEAVY'] as const satisfies readonly MineralCategory[];
const NEEDS = [
  'NECESSARY',
  'NEEDED',
  'ADVISABLE',
  'LIMITED',
  'NOT_NEEDED',
] as const satisfies readonly LimingNeed[];

function dose(now: number, later = 0): LimeDose {
  return { caoTonnesPerHa: now, laterCaoTonnesPerHa: later };
}

/** Every pH a lab can print, 3.0 to 8.5. */
const PH_STEPS = Array.from({ length: 56 }, (_, i) => tenth(3 + i / 10));

// Verbatim from the reference.
const NEED_TABLE = `
| need | very light | light | medium | heavy |
|---|---|---|---|---|
| necessary (konieczne) | <= 4.0 | <= 4.5 | <= 5.0 | <= 5.5 |
| needed (potrzebne) | 4.1-4.5 | 4.6-5.0 | 5.1-5.5 | 5.6-6.0 |
| advisable (wskazane) | 4.6-5.0 | 5.1-5.5 | 5.6-6.0 | 6.1-6.5 |
| limited (ograniczone) | 5.1-5.5 | 5.6-6.0 | 6.1-6.5 | 6.6-7.0 |
| not needed (zbędne) | >= 5.6 | >= 6.1 | >= 6.6 | >= 7.1 |`;

/** The need the printed table gives for a pH in one column. */
function printedNeed(ph: number, categoryIndex: number): LimingNeed {
  const rows = markdownRows(NEED_TABLE);
  const i = rows.findIndex((row) => {
    const r = parseRange(row[categoryIndex + 1] ?? '');
    return (r.min === undefined || ph >= r.min) && (r.max === undefined || ph <= r.max);
  });
  const need = NEEDS[i];
  if (!need) throw new Error(`pH ${ph} is in no printed range`);
  return need;
}

describe('limingNeed', () => {
  MINERAL.forEach((category, index) => {
    it(`arable ${category}: every printed pH, boundaries included, matches the table`, () => {
      for (const ph of PH_STEPS) expect(limingNeed(ph, category), `pH ${ph}`).toBe(printedNeed(ph, index));
      expect(limingNeed(5, category, 'ARABLE')).toBe(limingNeed(5, category));
    });
  });

  it('organic soils: necessary <= 4.0; needed 4.1-4.5; limited 4.6-5.0; not needed >= 5.1, never advisable', () => {
    const cases: [number, LimingNeed][] = [
      [3.5, 'NECESSARY'],
      [3.9, 'NECESSARY'],
      [4.0, 'NECESSARY'],
      [4.1, 'NEEDED'],
      [4.4, 'NEEDED'],
      [4.5, 'NEEDED'],
      [4.6, 'LIMITED'],
      [4.7, 'LIMITED'],
      [4.9, 'LIMITED'],
      [5.0, 'LIMITED'],
      [5.1, 'NOT_NEEDED'],
      [6.5, 'NOT_NEEDED'],
    ];
    for (const land of ['ARABLE', 'GRASSLAND'] as const) {
      for (const [ph, need] of cases) expect(limingNeed(ph, 'ORGANIC', land), `${land} pH ${ph}`).toBe(need);
    }
    for (const ph of PH_STEPS) expect(limingNeed(ph, 'ORGANIC')).not.toBe('ADVISABLE');
  });

  it('grassland on mineral soil: one table for every category', () => {
    const cases: [number, LimingNeed][] = [
      [4.4, 'NECESSARY'],
      [4.5, 'NECESSARY'],
      [4.6, 'NEEDED'],
      [4.9, 'NEEDED'],
      [5.0, 'NEEDED'],
      [5.1, 'ADVISABLE'],
      [5.4, 'ADVISABLE'],
      [5.5, 'ADVISABLE'],
      [5.6, 'LIMITED'],
      [5.9, 'LIMITED'],
      [6.0, 'LIMITED'],
      [6.1, 'NOT_NEEDED'],
    ];
    for (const category of MINERAL) {
      for (const [ph, need] of cases)
        expect(limingNeed(ph, category, 'GRASSLAND'), `${category} pH ${ph}`).toBe(need);
    }
  });

  it('rounds pH before classing', () => {
    expect(limingNeed(4.549, 'LIGHT')).toBe('NECESSARY');
    expect(limingNeed(4.55, 'LIGHT')).toBe('NEEDED');
  });
});

describe('limeDose, CLASSIC ruleset', () => {
  // Verbatim from the reference.
  const CLASSIC = `
| category | necessary | needed | advisable | limited |
|---|---|---|---|---|
| very light | 3.0 | 2.0 | 1.0 | - |
| light | 3.5 | 2.5 | 1.5 | - |
| medium | 4.5 | 3.0 | 1.7 | 1.0 |
| heavy | 6.0 | 3.0 | 2.0 | 1.0 |`;
  const rows = markdownRows(CLASSIC);

  MINERAL.forEach((category, index) => {
    it(`${category}: the dose of the need class at every pH, boundaries included`, () => {
      const row = rows[index] ?? [];
      for (const ph of PH_STEPS) {
        const need = printedNeed(ph, index);
        const cell = need === 'NOT_NEEDED' ? '-' : row[NEEDS.indexOf(need) + 1];
        const expected = cell === '-' || cell === undefined ? 0 : Number(cell);
        expect(limeDose(ph, category, 'CLASSIC'), `pH ${ph} (${need})`).toEqual(dose(expected));
      }
    });
  });

  it('has no "a+b" doses', () => {
    for (const category of MINERAL)
      for (const ph of PH_STEPS) expect(limeDose(ph, category, 'CLASSIC').laterCaoTonnesPerHa).toBe(0);
  });
});

describe('limeDose, IUNG_2022 ruleset (the default)', () => {
  // Verbatim from the reference (Jadczyszyn & Lipiński 2022).
  const IUNG = `
| pH | very light | light | medium | heavy |
|---|---|---|---|---|
| 6.3 | | | | 0.2 |
| 6.2 | | | | 0.2 |
| 6.1 | | | | 0.5 |
| 6.0 | | | 0.4 | 0.8 |
| 5.9 | | | 0.8 | 1.0 |
| 5.8 | | | 1.2 | 1.5 |
| 5.7 | | | 1.6 | 2.0 |
| 5.6 | | | 2.0 | 2.5 |
| 5.5 | | 0.2 | 2.4 | 3.0 |
| 5.4 | | 0.5 | 2.8 | 3.5 |
| 5.3 | | 0.9 | 3.2 | 3.8 |
| 5.2 | | 1.2 | 3.6 | 4.1 |
| 5.1 | | 1.5 | 3.9 | 4.5 |
| 5.0 | 0.2 | 1.8 | 4.2 | 4.8 |
| 4.9 | 0.5 | 2.1 | 4.4 | 5.1 |
| 4.8 | 0.8 | 2.3 | 4.8 | 5.4 |
| 4.7 | 1.0 | 2.6 | 5.0 | 5.7 |
| 4.6 | 1.3 | 2.9 | 5.0+0.4 | 5.8 |
| 4.5 | 1.6 | 3.1 | 5.0+0.8 | 6.0 |
| 4.4 | 1.8 | 3.4 | 5.0+1.2 | 6.0+1.0 |
| 4.3 | 2.0 | 3.5+1.0 | 5.0+1.4 | 6.0+1.5 |
| 4.2 | 2.2 | 3.5+1.2 | 5.0+1.6 | 6.0+2.0 |
| 4.1 | 2.4 | 3.5+2.0 | 5.0+2.0 | 6.0+3.0 |
| 4.0 | 2.8 | 3.5+2.4 | 5.0+2.4 | 6.0+3.8 |
| 3.9 | 3.1 | 3.5+2.8 | 5.0+2.8 | 6.0+4.8 |
| 3.8 | 3.4 | 3.5+3.0 | - | - |`;
  const rows = markdownRows(IUNG);

  function parseCell(cell: string): LimeDose | null {
    if (cell === '') return dose(0);
    if (cell === '-') return null;
    const [a, b] = cell.split('+').map(Number);
    return dose(a ?? Number.NaN, b ?? 0);
  }

  MINERAL.forEach((category, index) => {
    it(`${category}: every printed row`, () => {
      for (const row of rows) {
        const expected = parseCell(row[index + 1] ?? '');
        if (expected) expect(limeDose(Number(row[0]), category), `pH ${row[0]}`).toEqual(expected);
      }
    });

    it(`${category}: no lime above the table, the lowest row's dose below it`, () => {
      expect(limeDose(6.4, category)).toEqual(dose(0));
      expect(limeDose(7.5, category)).toEqual(dose(0));
      const printed = rows.filter((row) => parseCell(row[index + 1] ?? '') !== null);
      const lowest = printed[printed.length - 1] ?? [];
      const lowestDose = parseCell(lowest[index + 1] ?? '');
      const lowestPh = Number(lowest[0]);
      for (const ph of [tenth(lowestPh - 0.1), tenth(lowestPh - 0.5), 2.0, 0]) {
        expect(limeDose(ph, category), `pH ${ph}`).toEqual(lowestDose);
      }
    });
  });

  it('the edges of each column: just above the first dose is blank', () => {
    expect(limeDose(5.1, 'VERY_LIGHT')).toEqual(dose(0));
    expect(limeDose(5.0, 'VERY_LIGHT')).toEqual(dose(0.2));
    expect(limeDose(5.6, 'LIGHT')).toEqual(dose(0));
    expect(limeDose(5.5, 'LIGHT')).toEqual(dose(0.2));
    expect(limeDose(6.1, 'MEDIUM')).toEqual(dose(0));
    expect(limeDose(6.0, 'MEDIUM')).toEqual(dose(0.4));
    expect(limeDose(6.4, 'HEAVY')).toEqual(dose(0));
    expect(limeDose(6.3, 'HEAVY')).toEqual(dose(0.2));
  });

  it('"a+b" doses: b is for a later year, and starts where the table prints it', () => {
    expect(limeDose(4.7, 'MEDIUM')).toEqual(dose(5.0));
    expect(limeDose(4.6, 'MEDIUM')).toEqual(dose(5.0, 0.4));
    expect(limeDose(4.4, 'LIGHT')).toEqual(dose(3.4));
    expect(limeDose(4.3, 'LIGHT')).toEqual(dose(3.5, 1.0));
    expect(limeDose(4.5, 'HEAVY')).toEqual(dose(6.0));
    expect(limeDose(4.4, 'HEAVY')).toEqual(dose(6.0, 1.0));
    expect(limeDose(3.9, 'HEAVY')).toEqual(dose(6.0, 4.8));
    expect(limeDose(3.5, 'LIGHT')).toEqual(dose(3.5, 3.0));
  });

  it('rounds pH to one decimal first', () => {
    expect(limeDose(4.65, 'MEDIUM')).toEqual(dose(5.0)); // 4.7
    expect(limeDose(4.649, 'MEDIUM')).toEqual(dose(5.0, 0.4)); // 4.6
    expect(limeDose(6.349, 'HEAVY')).toEqual(dose(0.2));
    expect(limeDose(6.35, 'HEAVY')).toEqual(dose(0));
  });
});

describe('limeDose on organic soils', () => {
  it('has no table in either ruleset: zeros marked noTable, never a silent "no lime"', () => {
    for (const ruleset of ['IUNG_2022', 'CLASSIC'] as const) {
      for (const ph of [3.5, 4.5, 6.0]) {
        expect(limeDose(ph, 'ORGANIC', ruleset)).toEqual({
          caoTonnesPerHa: 0,
          laterCaoTonnesPerHa: 0,
          noTable: true,
        });
      }
    }
  });

  it('mineral results never carry noTable', () => {
    for (const category of MINERAL) expect(limeDose(4.0, category)).not.toHaveProperty('noTable');
  });
});
