import { bandOf } from './bands';
import { MAX_PH } from './classify';
import { assertMeasurement, roundToTenth } from './rounding';
import { LIMING_NEED } from './rulesets/liming-need';
import { CLASSIC_LIME_DOSE, IUNG_2022_LIME_DOSE, type IungCell } from './rulesets/lime-dose';
import type { AgronomicCategory, LandUse, LimeDose, LimeRuleset, LimingNeed, MineralCategory } from './types';

const NO_LIME: LimeDose = Object.freeze({ caoTonnesPerHa: 0, laterCaoTonnesPerHa: 0 });
const NO_TABLE: LimeDose = Object.freeze({ caoTonnesPerHa: 0, laterCaoTonnesPerHa: 0, noTable: true });

export function limingNeed(ph: number, category: AgronomicCategory, land: LandUse = 'ARABLE'): LimingNeed {
  assertMeasurement('pH', ph, MAX_PH);
  if (category === 'ORGANIC') return bandOf(ph, LIMING_NEED.organic);
  return bandOf(ph, land === 'GRASSLAND' ? LIMING_NEED.grassland : LIMING_NEED.arable[category]);
}

/**
 * t CaO/ha for arable land. Organic soils have no dose in either ruleset: the result then carries
 * `noTable` so that a zero is never read as "no lime needed".
 */
export function limeDose(
  ph: number,
  category: AgronomicCategory,
  ruleset: LimeRuleset = 'IUNG_2022',
): LimeDose {
  assertMeasurement('pH', ph, MAX_PH);
  if (category === 'ORGANIC') return NO_TABLE;
  return ruleset === 'CLASSIC'
    ? classicDoseForNeed(limingNeed(ph, category), category)
    : iungDose(ph, category);
}

/** The classic table indexed by a need class; recommend() also uses it for grassland needs. */
export function classicDoseForNeed(need: LimingNeed, category: MineralCategory): LimeDose {
  const dose = CLASSIC_LIME_DOSE.doses[category][need];
  return dose === undefined ? NO_LIME : { caoTonnesPerHa: dose, laterCaoTonnesPerHa: 0 };
}

const IUNG_COLUMN: Record<MineralCategory, 1 | 2 | 3 | 4> = { VERY_LIGHT: 1, LIGHT: 2, MEDIUM: 3, HEAVY: 4 };

function iungDose(ph: number, category: MineralCategory): LimeDose {
  const column = IUNG_COLUMN[category];
  const tenths = Math.round(roundToTenth(ph) * 10);
  const printed = IUNG_2022_LIME_DOSE.rows.filter((row) => row[column] !== '-');
  const highest = printed[0];
  const lowest = printed[printed.length - 1];
  if (!highest || !lowest) throw new Error(`IUNG_2022 has no column for ${category}`);
  if (tenths > Math.round(highest[0] * 10)) return NO_LIME;
  // The booklet stops at its lowest row; more acid soils get that row's dose (the most it prescribes).
  const row =
    tenths < Math.round(lowest[0] * 10) ? lowest : printed.find((r) => Math.round(r[0] * 10) === tenths);
  if (!row) throw new Error(`IUNG_2022 has a gap at pH ${tenths / 10}`);
  return fromCell(row[column]);
}

function fromCell(cell: IungCell): LimeDose {
  if (cell === null || cell === '-') return NO_LIME;
  if (typeof cell === 'number') return { caoTonnesPerHa: cell, laterCaoTonnesPerHa: 0 };
  return { caoTonnesPerHa: cell[0], laterCaoTonnesPerHa: cell[1] };
}
