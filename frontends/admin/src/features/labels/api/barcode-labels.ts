import useSWR from 'swr';
import type { AdminMode, TPageMeta } from '@gleba/contracts';
import { api } from '../../../lib/api-client';
import { fetchFile } from '../../../lib/files';

/** A batch of garden-kit barcodes (orders' `toBatch`). */
export interface BarcodeBatch {
  id: string;
  retail: boolean;
  paid: boolean;
  labelCount: number;
  kitOrderId: string | null;
  printedAt: string | null;
  paidAt: string | null;
  createdAt: string;
}

export function useBarcodeBatches(mode: AdminMode, page: number) {
  return useSWR<{ items: BarcodeBatch[]; meta: TPageMeta }>(
    ['barcode-labels/batches', { page, perPage: 20 }, mode] as const,
    ([path, query]: readonly [string, { page: number; perPage: number }, AdminMode]) =>
      api.get<{ items: BarcodeBatch[]; meta: TPageMeta }>(path, { query }),
  );
}

export const createBatch = (count: number, retail: boolean) =>
  api.post<BarcodeBatch & { barcodes: string[] }>('barcode-labels/batches', { count, retail });
export const markBatchPaid = (id: string) =>
  api.post<BarcodeBatch>(`barcode-labels/batches/${id}/mark-paid`, {});
export const batchSheetPdf = (id: string) => fetchFile(`barcode-labels/batches/${id}/pdf`);

/** Garden kits bought online (orders' `toKitOrder`); listed and marked paid in garden mode. */
export interface KitOrder {
  id: string;
  orderNumber: string;
  userId: string;
  quantity: number;
  price: number;
  paymentMethod: string;
  paymentStatus: string;
  orderDate: string;
  paidAt: string | null;
  barcodes: string[];
}

export function useKitOrders(mode: AdminMode, page: number) {
  return useSWR<{ items: KitOrder[]; meta: TPageMeta }>(
    mode === 'garden' ? (['kit-orders', { page, perPage: 20 }, mode] as const) : null,
    ([path, query]: readonly [string, { page: number; perPage: number }, AdminMode]) =>
      api.get<{ items: KitOrder[]; meta: TPageMeta }>(path, { query }),
  );
}

export const markKitOrderPaid = (id: string) => api.post<KitOrder>(`kit-orders/${id}/mark-paid`, {});
