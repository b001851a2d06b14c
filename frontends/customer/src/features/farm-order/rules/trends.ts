import type { TFieldResultView } from '@gleba/contracts';
import type { SampleSectors } from './sector-views';
import { WHOLE } from './sector-views';

/** The values a sector's history follows: the lab file's element keys. */
export const TREND_ELEMENTS = ['PH_KCL', 'P2O5', 'K2O', 'MG'] as const;
export type TrendElement = (typeof TREND_ELEMENTS)[number];

export interface TrendPoint {
  orderId: string;
  orderNumber: string;
  date: string;
  value: number;
}

export interface SectorTrend {
  key: string;
  name: string;
  /** One value per order that tested the sector, oldest first. */
  points: TrendPoint[];
  /** latest - previous (two decimals); null with a single test. */
  change: number | null;
}

/**
 * Per sector (the sample's sector; the whole crop when undivided), the element's value in each order
 * that tested it, oldest first, and the change since the previous test. A sector's name is the one of
 * its latest sample. Results without a numeric value are left out.
 */
export function sectorTrends(
  results: readonly TFieldResultView[],
  where: SampleSectors,
  element: TrendElement,
  wholeName: string,
): SectorTrend[] {
  const bySector = new Map<string, { name: string; byOrder: Map<string, TrendPoint> }>();
  const sorted = [...results].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  for (const r of sorted) {
    const value = r.elements.find((e) => e.key === element)?.value;
    if (value === null || value === undefined) continue;
    const at = where.get(r.testId);
    const key = at?.sectorId ?? WHOLE;
    const entry = bySector.get(key) ?? { name: '', byOrder: new Map<string, TrendPoint>() };
    entry.name = at?.sectorName ?? wholeName;
    // The latest result of an order for the sector wins (a corrected result replaces the first).
    entry.byOrder.set(r.orderId, {
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      date: r.updatedAt,
      value,
    });
    bySector.set(key, entry);
  }
  return [...bySector.entries()]
    .map(([key, { name, byOrder }]) => {
      const points = [...byOrder.values()].sort((a, b) => a.date.localeCompare(b.date));
      const last = points.at(-1)!;
      const prev = points.at(-2);
      return {
        key,
        name,
        points,
        change: prev ? Math.round((last.value - prev.value) * 100) / 100 : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
}
