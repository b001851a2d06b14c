import { describe, expect, it } from 'vitest';
import { prescriptionProduct } from '@gleba/agronomy';
import {
  CROP,
  ORDER_ID,
  SAMPLE_A,
  SAMPLE_B,
  SECTOR_A,
  SECTOR_B,
  result,
} from '../../../testing/farm-fixtures';
import type { TCrop } from '@gleba/contracts';
import { doseSource, exportBody, rateColour, RATE_COLOURS, sectorPrescription } from './prescription';
import { sectorViews, WHOLE } from './sector-views';

const where = new Map([
  [SAMPLE_A, { sectorId: SECTOR_A, sectorName: 'S1' }],
  [SAMPLE_B, { sectorId: SECTOR_B, sectorName: 'S2' }],
]);
const at = (testId: string, k: number) =>
  result({
    testId,
    orderId: ORDER_ID,
    orderNumber: 'ZF/2026/000007',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ph: [5.1, 'ACIDIC'],
    p: [9, 'LOW'],
    k: [k, 'LOW'],
    mg: [4, 'MEDIUM'],
  });

describe('the variable-rate map of the results page', () => {
  it("rates per sector from each sector's recommendation, the total over geo's areas", () => {
    const views = sectorViews([at(SAMPLE_A, 8)], where, CROP as unknown as TCrop, 'Whole');
    const p = sectorPrescription(views, prescriptionProduct('LIME', 'CARBONATE')!);
    // 1.5 t CaO/ha / 40 % = 3750 kg/ha -> 3800 (100 kg steps); S2 has no result: no rate.
    expect(p.zones).toEqual([
      { key: SECTOR_A, areaHa: 4, rateKgPerHa: 3800, amountKg: 15200 },
      { key: SECTOR_B, areaHa: 4, rateKgPerHa: null, amountKg: 0 },
    ]);
    expect(p.totalKg).toBe(15200);
    expect(exportBody(p, 'LIME')).toEqual({
      kind: 'LIME',
      productId: 'CARBONATE',
      zones: [{ sectorId: SECTOR_A, rateKgPerHa: 3800 }],
    });
  });

  it('an undivided field is one zone named by null', () => {
    const undivided = { ...CROP, divided: false, sectors: [] } as unknown as TCrop;
    const views = sectorViews([at(SAMPLE_A, 8)], new Map(), undivided, 'Whole');
    const p = sectorPrescription(views, prescriptionProduct('K2O', 'POTASSIUM_SALT')!);
    expect(p.zones.map((z) => z.key)).toEqual([WHOLE]);
    // 60 kg K2O/ha / 60 % = 100 kg/ha over 8 ha
    expect(p.totalKg).toBe(800);
    expect(exportBody(p, 'K2O').zones).toEqual([{ sectorId: null, rateKgPerHa: 100 }]);
  });

  it("an undivided field's sample carrying geo's one sector id is the whole field's result", () => {
    const only = { id: SECTOR_A, name: '1', areaHa: 8, geometry: CROP.geometry, locked: true };
    const undivided = { ...CROP, divided: false, sectors: [only] } as unknown as TCrop;
    const views = sectorViews([at(SAMPLE_A, 8)], where, undivided, 'Whole');
    expect(views.map((v) => [v.key, v.result?.testId])).toEqual([[WHOLE, SAMPLE_A]]);
  });

  it('a recommendation without the doses gives no rate rather than a wrong one', () => {
    expect(doseSource(null)).toBeNull();
    expect(doseSource({ liming: { noTable: false }, fertilizer: {} })).toBeNull();
    expect(doseSource(at(SAMPLE_A, 8).recommendation)).not.toBeNull();
  });

  it('colours rates lightest to darkest, no rate grey', () => {
    expect(rateColour(null, [1, 2], 'grey')).toBe('grey');
    expect(rateColour(1, [1, 2, 3], 'grey')).toBe(RATE_COLOURS[0]);
    expect(rateColour(3, [1, 2, 3], 'grey')).toBe(RATE_COLOURS.at(-1));
    expect(rateColour(7, [1, 2, 3], 'grey')).toBe('grey');
  });
});
