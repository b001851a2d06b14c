import useSWR from 'swr';
import { api } from '../../../lib/api-client';

/**
 * A row of "my tests". The orders service's list contract is still being written, so the list
 * reads only these fields and tolerates a missing or different answer (it is a placeholder).
 */
export interface SoilTestRow {
  id: string;
  name?: string;
  orderNumber?: string;
  status?: string;
  orderDate?: string;
  numberOfSamples?: number;
}

export const soilTestsKey = 'soil-tests';

export function useSoilTests() {
  return useSWR<SoilTestRow[]>(soilTestsKey, async (key: string) => {
    const answer = await api.get<unknown>(key);
    const items = Array.isArray(answer) ? answer : (answer as { items?: unknown } | null)?.items;
    return Array.isArray(items) ? (items.filter((i) => typeof i === 'object' && i !== null && 'id' in i) as SoilTestRow[]) : [];
  });
}
