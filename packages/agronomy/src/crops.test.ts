import { describe, expect, it } from 'vitest';
import { CROPS, getCrop } from './crops';
import type { PlantGroup, PlantType } from '@gleba/contracts';

/** The spec's pairing of groups and types. */
const TYPES_OF: Record<PlantGroup, readonly PlantType[]> = {
  FIELD: ['CEREALS', 'ROOT_CROPS', 'FODDER', 'LEGUMES'],
  ORCHARD: ['FRUIT'],
  VEGETABLE: ['VEGETABLES'],
  SPECIAL: ['SPECIAL'],
  LAWN: ['LAWN'],
};

describe('crop catalogue', () => {
  it('holds about 80 crops with unique kebab-case ids', () => {
    expect(CROPS.length).toBeGreaterThanOrEqual(75);
    expect(CROPS.length).toBeLessThanOrEqual(100);
    const ids = CROPS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('covers every group and type of the spec, each type in its group', () => {
    for (const [group, types] of Object.entries(TYPES_OF)) {
      for (const type of types)
        expect(
          CROPS.some((c) => c.group === group && c.type === type),
          `${group}/${type}`,
        ).toBe(true);
    }
    for (const crop of CROPS) expect(TYPES_OF[crop.group]).toContain(crop.type);
  });

  it('names every crop in pl, en and uk', () => {
    for (const crop of CROPS) {
      for (const lang of ['pl', 'en', 'uk'] as const)
        expect(crop.names[lang].trim(), `${crop.id}.${lang}`).not.toBe('');
      expect(crop.names.uk, crop.id).toMatch(/[\u0400-\u04FF]/);
    }
  });

  it('carries a positive yield and uptake for every crop', () => {
    for (const crop of CROPS) {
      expect(crop.defaultYieldTPerHa, crop.id).toBeGreaterThan(0);
      const { p2o5, k2o, mgo } = crop.uptakeKgPerT;
      for (const v of [p2o5, k2o, mgo]) expect(v, crop.id).toBeGreaterThan(0);
      // Plants take up more K2O than P2O5 and MgO, whatever the crop.
      expect(k2o, crop.id).toBeGreaterThan(p2o5);
      expect(k2o, crop.id).toBeGreaterThan(mgo);
    }
  });

  it('cereal uptake per tonne of grain with straw: 10-13 P2O5, 22-30 K2O, 3-4 MgO', () => {
    for (const crop of CROPS.filter((c) => c.type === 'CEREALS')) {
      expect(crop.uptakeKgPerT.p2o5, crop.id).toBeGreaterThanOrEqual(10);
      expect(crop.uptakeKgPerT.p2o5, crop.id).toBeLessThanOrEqual(13);
      expect(crop.uptakeKgPerT.k2o, crop.id).toBeGreaterThanOrEqual(22);
      expect(crop.uptakeKgPerT.k2o, crop.id).toBeLessThanOrEqual(30);
      expect(crop.uptakeKgPerT.mgo, crop.id).toBeGreaterThanOrEqual(3);
      expect(crop.uptakeKgPerT.mgo, crop.id).toBeLessThanOrEqual(4);
    }
  });

  it('grassland is meadows, pastures and lawns; everything else is arable', () => {
    const grassland = CROPS.filter((c) => c.landUse === 'GRASSLAND').map((c) => c.id);
    expect(grassland.sort()).toEqual(['meadow', 'ornamental-lawn', 'pasture', 'shade-lawn', 'sports-lawn']);
  });

  it('getCrop finds by id and returns undefined otherwise', () => {
    expect(getCrop('winter-wheat')?.names.pl).toBe('Pszenica ozima');
    expect(getCrop('nope')).toBeUndefined();
  });

  it('is frozen so no caller can change shared data', () => {
    expect(Object.isFrozen(CROPS)).toBe(true);
  });
});
