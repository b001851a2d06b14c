import useSWR from 'swr';
import type {
  TCourierAvailability,
  TCreateShipmentBody,
  TPickupPoint,
  TShipment,
  TShipmentSummary,
  TShippable,
} from '@gleba/contracts';
import { api } from '../../../lib/api-client';

export function useShippables() {
  return useSWR<TShippable[]>('shipments/shippable', async (key: string) => {
    const answer = await api.get<unknown>(key);
    const items = Array.isArray(answer) ? answer : (answer as { items?: unknown } | null)?.items;
    return Array.isArray(items) ? (items as TShippable[]) : [];
  });
}

export function useShipment(id: string | null | undefined) {
  return useSWR<TShipment>(id ? `shipments/${encodeURIComponent(id)}` : null, (key: string) =>
    api.get<TShipment>(key),
  );
}

export const courierAvailability = (date: string, postCode?: string) =>
  api.get<TCourierAvailability>('shipments/courier/availability', {
    query: { date, postCode: postCode || undefined },
  });

/** A query of five digits (with or without the dash) is a postcode, anything else a city. */
export async function searchPickupPoints(text: string): Promise<TPickupPoint[]> {
  const q = text.trim();
  const digits = q.replace(/\D/g, '');
  const query = /^\d{2}-?\d{3}$/.test(q)
    ? { postCode: `${digits.slice(0, 2)}-${digits.slice(2)}` }
    : { city: q };
  const answer = await api.get<{ items: TPickupPoint[] }>('pickup-points', { query });
  return answer.items ?? [];
}

/** Points around a location (the user's, from the browser); the server answers their distance. */
export async function searchPickupPointsNear(lat: number, lng: number): Promise<TPickupPoint[]> {
  const answer = await api.get<{ items: TPickupPoint[] }>('pickup-points', {
    query: { lat: Number(lat.toFixed(5)), lng: Number(lng.toFixed(5)), radiusKm: 10 },
  });
  return answer.items ?? [];
}

export const shipmentSummary = (body: TCreateShipmentBody) =>
  api.post<TShipmentSummary>('shipments/summary', body);
export const createShipment = (body: TCreateShipmentBody) => api.post<TShipment>('shipments', body);
export const labelPath = (shipmentId: string) =>
  `shipments/${encodeURIComponent(shipmentId)}/label?format=A4`;
