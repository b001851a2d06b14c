import useSWR from 'swr';
import type { TAddGardenTestBody, TGardenTest, TUpdateGardenTestBody } from '@gleba/contracts';
import { api } from '../api-client';
import { fetchPlants, type Plant } from './plants';

export type MyTestsTab = 'ORDERED' | 'ARCHIVE';

/** A row of "my tests" (`ZMyTestItem`); the fields are read defensively. */
export interface SoilTestRow {
  id: string;
  kind?: 'FARM' | 'GARDEN';
  listKind?: 'ORDERED' | 'NO_ORDER';
  name?: string;
  orderNumber?: string;
  status?: string;
  barcode?: string | null;
  orderDate?: string;
  numberOfSamples?: number;
}

export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
  next: number | null;
  prev: number | null;
}

export interface SoilTestsPage {
  items: SoilTestRow[];
  meta: PageMeta;
}

export const PER_PAGE = 10;
export const soilTestsKey = 'soil-tests';

/** `GET /api/soil-tests?tab&page&perPage`: a page of `{items, meta}` (a bare array is accepted too). */
export function useSoilTests(tab: MyTestsTab = 'ORDERED', page = 1, perPage = PER_PAGE) {
  return useSWR<SoilTestsPage>([soilTestsKey, tab, page, perPage], async () => {
    const answer = await api.get<unknown>(soilTestsKey, { query: { tab, page, perPage } });
    const raw = Array.isArray(answer) ? answer : (answer as { items?: unknown } | null)?.items;
    const items = Array.isArray(raw)
      ? (raw.filter((i) => typeof i === 'object' && i !== null && 'id' in i) as SoilTestRow[])
      : [];
    const meta = (answer as { meta?: PageMeta } | null)?.meta ?? {
      page,
      perPage,
      total: items.length,
      next: null,
      prev: page > 1 ? page - 1 : null,
    };
    return { items, meta };
  });
}

export const soilTestKey = (id: string) => `soil-tests/${encodeURIComponent(id)}`;

export function useSoilTest(id: string | undefined) {
  return useSWR<TGardenTest>(id ? soilTestKey(id) : null, (key: string) => api.get<TGardenTest>(key));
}

export type { Plant } from './plants';

/** The plants of the sample form; offline, the list kept from the last time online (./plants.ts). */
export function usePlants() {
  return useSWR<Plant[]>('plants', () => fetchPlants(), { revalidateOnFocus: false });
}

export const addSoilTest = (body: TAddGardenTestBody) => api.post<TGardenTest>(soilTestsKey, body);
export const verifyBarcode = (barcode: string) => api.post<unknown>(`${soilTestsKey}/verify`, { barcode });
export const updateSoilTest = (id: string, body: TUpdateGardenTestBody) =>
  api.patch<TGardenTest>(soilTestKey(id), body);
export const confirmShipment = (id: string) => api.post<TGardenTest>(`${soilTestKey(id)}/confirm-shipment`);
export const cancelSoilTest = (id: string) => api.post<TGardenTest>(`${soilTestKey(id)}/cancel`);

export function uploadPhoto(id: string, file: File) {
  const form = new FormData();
  form.append('photo', file);
  return api.put<unknown>(`${soilTestKey(id)}/photo`, form);
}
