import { describe, expect, it } from 'vitest';
import {
  OLD_ORDER_ID,
  OLD_SAMPLE,
  ORDER_ID,
  SAMPLE_A,
  SAMPLE_B,
  SECTOR_A,
  SECTOR_B,
  result,
} from '../../../testing/farm-fixtures';
import { sectorTrends } from './trends';

const r = (testId: string, orderId: string, updatedAt: string, ph: number, k: number) =>
  result({
    testId,
    orderId,
    orderNumber: orderId === ORDER_ID ? 'ZF/2026/000007' : 'ZF/2025/000003',
    updatedAt,
    ph: [ph, 'ACIDIC'],
    p: [9, 'LOW'],
    k: [k, 'LOW'],
    mg: [4, 'MEDIUM'],
  });

describe('sector trends', () => {
  const where = new Map([
    [OLD_SAMPLE, { sectorId: SECTOR_A, sectorName: 'S1' }],
    [SAMPLE_A, { sectorId: SECTOR_A, sectorName: 'S1' }],
    [SAMPLE_B, { sectorId: SECTOR_B, sectorName: 'S2' }],
  ]);
  const results = [
    r(SAMPLE_A, ORDER_ID, '2026-08-20T10:00:00.000Z', 6.2, 14.6),
    r(OLD_SAMPLE, OLD_ORDER_ID, '2025-08-20T10:00:00.000Z', 5.6, 13),
    r(SAMPLE_B, ORDER_ID, '2026-08-20T10:00:00.000Z', 5.9, 9.1),
  ];

  it('per sector, the values oldest first and the change since the previous test', () => {
    const ph = sectorTrends(results, where, 'PH_KCL', 'Whole');
    expect(ph.map((t) => [t.name, t.points.map((p) => p.value), t.change])).toEqual([
      ['S1', [5.6, 6.2], 0.6],
      ['S2', [5.9], null],
    ]);
    const k = sectorTrends(results, where, 'K2O', 'Whole');
    expect(k[0]!.change).toBe(1.6);
  });

  it('a corrected result of the same order replaces the first; the whole field when no sector', () => {
    const corrected = r(SAMPLE_A, ORDER_ID, '2026-09-01T10:00:00.000Z', 6.4, 15);
    const t = sectorTrends([...results, corrected], where, 'PH_KCL', 'Whole');
    expect(t[0]!.points.map((p) => p.value)).toEqual([5.6, 6.4]);
    expect(sectorTrends(results, new Map(), 'PH_KCL', 'Whole').map((x) => x.name)).toEqual(['Whole']);
  });
});
