import useSWR from 'swr';
import type {
  AdminMode,
  TLabelFormat,
  TReturnResult,
  TShipmentPage,
  TShipmentWithHistory,
} from '@gleba/contracts';
import type { QueryValue } from '@gleba/api-client';
import { api } from '../../../lib/api-client';
import { fetchFile } from '../../../lib/files';

export interface ShipmentFilters {
  search: string;
  status: string;
  shipmentType: string;
  from: string;
  to: string;
  page: number;
}

export function buildShipmentsQuery(f: ShipmentFilters): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = { page: f.page, perPage: 20, orderBy: 'createdAt:desc' };
  if (f.search.trim()) q.search = f.search.trim();
  if (f.status) q.status = f.status;
  if (f.shipmentType) q.shipmentType = f.shipmentType;
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  return q;
}

export function useShipments(mode: AdminMode, query: Record<string, QueryValue>) {
  return useSWR<TShipmentPage>(
    ['shipments', query, mode] as const,
    ([path, q]: readonly [string, Record<string, QueryValue>, AdminMode]) =>
      api.get<TShipmentPage>(path, { query: q }),
  );
}

export function useShipment(id: string, mode: AdminMode) {
  return useSWR<TShipmentWithHistory>(
    [`shipments/${id}`, mode] as const,
    ([path]: readonly [string, AdminMode]) => api.get<TShipmentWithHistory>(path),
    // While the parcel is under way the page follows the tracking job (it polls DPD every minute),
    // so an open page never shows an older status than the customer was told.
    { refreshInterval: (s) => (s && s.status !== 'DELIVERED' && s.status !== 'RETURNED' ? 30_000 : 0) },
  );
}

/** Asks DPD now; the answer says what this check found (new events, statuses passed). */
export const trackShipment = (id: string) =>
  api.post<TShipmentWithHistory & { found: { newEvents: number; steps: string[] } }>(
    `shipments/${id}/track`,
    {},
  );
export const createReturn = (id: string) => api.post<TReturnResult>(`shipments/${id}/return`, {});
export const labelPdf = (id: string, format: TLabelFormat) =>
  fetchFile(`shipments/${id}/label`, { query: { format } });
export const returnLabelPdf = (id: string, format: TLabelFormat) =>
  fetchFile(`shipments/${id}/return-label`, { query: { format } });
export const bulkLabelsPdf = (shipmentIds: string[], format: TLabelFormat) =>
  fetchFile('shipments/labels', { method: 'POST', body: { shipmentIds, format } });
export const protocolPdf = (date: string) => fetchFile('shipments/protocol', { query: { date } });
