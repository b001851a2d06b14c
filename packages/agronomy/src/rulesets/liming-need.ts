import type { Bands, LimingNeed, MineralCategory, Ruleset } from '../types';

const ALL = [
  'NECESSARY',
  'NEEDED',
  'ADVISABLE',
  'LIMITED',
  'NOT_NEEDED',
] as const satisfies readonly LimingNeed[];

export interface LimingNeedRuleset extends Ruleset {
  readonly arable: Record<MineralCategory, Bands<LimingNeed>>;
  /** One table for every mineral category: the only grassland source found has no split. */
  readonly grassland: Bands<LimingNeed>;
  /** Used for arable land and grassland alike: no source separates them on organic soils. */
  readonly organic: Bands<LimingNeed>;
}

export const LIMING_NEED: LimingNeedRuleset = {
  id: 'CLASSIC_LIMING_NEED',
  version: 1,
  source:
    'Liming need by pH (KCl) and category, classic IUNG-PIB table as reprinted by OSChR; grassland from one reprint',
  arable: {
    VERY_LIGHT: { upperBounds: [4.0, 4.5, 5.0, 5.5], classes: ALL },
    LIGHT: { upperBounds: [4.5, 5.0, 5.5, 6.0], classes: ALL },
    MEDIUM: { upperBounds: [5.0, 5.5, 6.0, 6.5], classes: ALL },
    HEAVY: { upperBounds: [5.5, 6.0, 6.5, 7.0], classes: ALL },
  },
  grassland: { upperBounds: [4.5, 5.0, 5.5, 6.0], classes: ALL },
  // The source has no "advisable" class for organic soils.
  organic: { upperBounds: [4.0, 4.5, 5.0], classes: ['NECESSARY', 'NEEDED', 'LIMITED', 'NOT_NEEDED'] },
};
