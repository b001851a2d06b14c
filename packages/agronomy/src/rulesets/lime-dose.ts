import type { LimeRuleset, LimingNeed, MineralCategory, Ruleset } from '../types';

export interface ClassicLimeDoseRuleset extends Ruleset {
  readonly id: 'CLASSIC';
  /** t CaO/ha by liming need; a missing need (or NOT_NEEDED) means no lime. */
  readonly doses: Record<MineralCategory, Partial<Record<LimingNeed, number>>>;
}

export const CLASSIC_LIME_DOSE: ClassicLimeDoseRuleset = {
  id: 'CLASSIC',
  version: 1,
  source: 'Classic t CaO/ha by liming need class (IUNG-PIB, the most widely reprinted table)',
  doses: {
    VERY_LIGHT: { NECESSARY: 3.0, NEEDED: 2.0, ADVISABLE: 1.0 },
    LIGHT: { NECESSARY: 3.5, NEEDED: 2.5, ADVISABLE: 1.5 },
    MEDIUM: { NECESSARY: 4.5, NEEDED: 3.0, ADVISABLE: 1.7, LIMITED: 1.0 },
    HEAVY: { NECESSARY: 6.0, NEEDED: 3.0, ADVISABLE: 2.0, LIMITED: 1.0 },
  },
};

/**
 * A cell of the IUNG table: null is blank (no liming), a pair is "a+b" (b in a later year), '-'
 * means the column is not printed at that pH (below the column's lowest row).
 */
export type IungCell = number | readonly [now: number, later: number] | null | '-';

export interface IungLimeDoseRuleset extends Ruleset {
  readonly id: 'IUNG_2022';
  /** Rows from the highest pH down, as printed: [pH, very light, light, medium, heavy]. */
  readonly rows: readonly (readonly [
    ph: number,
    veryLight: IungCell,
    light: IungCell,
    medium: IungCell,
    heavy: IungCell,
  ])[];
}

// prettier-ignore
export const IUNG_2022_LIME_DOSE: IungLimeDoseRuleset = {
  id: 'IUNG_2022',
  version: 1,
  source:
    'Jadczyszyn J., Lipiński W., "Zasady ustalania dawek wapna w doradztwie nawozowym", IUNG-PIB 2022: t CaO/ha for every 0.1 pH, arable land',
  rows: [
    [6.3, null, null, null, 0.2],
    [6.2, null, null, null, 0.2],
    [6.1, null, null, null, 0.5],
    [6.0, null, null, 0.4, 0.8],
    [5.9, null, null, 0.8, 1.0],
    [5.8, null, null, 1.2, 1.5],
    [5.7, null, null, 1.6, 2.0],
    [5.6, null, null, 2.0, 2.5],
    [5.5, null, 0.2, 2.4, 3.0],
    [5.4, null, 0.5, 2.8, 3.5],
    [5.3, null, 0.9, 3.2, 3.8],
    [5.2, null, 1.2, 3.6, 4.1],
    [5.1, null, 1.5, 3.9, 4.5],
    [5.0, 0.2, 1.8, 4.2, 4.8],
    [4.9, 0.5, 2.1, 4.4, 5.1],
    [4.8, 0.8, 2.3, 4.8, 5.4],
    [4.7, 1.0, 2.6, 5.0, 5.7],
    [4.6, 1.3, 2.9, [5.0, 0.4], 5.8],
    [4.5, 1.6, 3.1, [5.0, 0.8], 6.0],
    [4.4, 1.8, 3.4, [5.0, 1.2], [6.0, 1.0]],
    [4.3, 2.0, [3.5, 1.0], [5.0, 1.4], [6.0, 1.5]],
    [4.2, 2.2, [3.5, 1.2], [5.0, 1.6], [6.0, 2.0]],
    [4.1, 2.4, [3.5, 2.0], [5.0, 2.0], [6.0, 3.0]],
    [4.0, 2.8, [3.5, 2.4], [5.0, 2.4], [6.0, 3.8]],
    [3.9, 3.1, [3.5, 2.8], [5.0, 2.8], [6.0, 4.8]],
    [3.8, 3.4, [3.5, 3.0], '-', '-'],
  ],
};

export const LIME_DOSE_RULESETS: Record<LimeRuleset, Ruleset> = {
  IUNG_2022: IUNG_2022_LIME_DOSE,
  CLASSIC: CLASSIC_LIME_DOSE,
};
