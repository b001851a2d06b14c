import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type {
  PrescriptionFormat,
  TCreateOrderBody,
  TPrescriptionExportBody,
  TCrop,
  TFarmOrder,
  TOrderPayment,
  TPriceList,
  TQuote,
  TQuoteBody,
  TFieldHistoryView,
} from '@gleba/contracts';
import { api } from '../api-client';
import { downloadFile } from './file-response';
import { useLanguageStore } from '../../stores/language-store';

export interface PaymentInstructions {
  method: TFarmOrder['paymentMethod'];
  redirectUrl: string | null;
  bankTransfer: {
    accountNumber: string;
    recipient: string;
    transferTitle: string;
    amount: number;
    dueDate: string | null;
  } | null;
  error: string | null;
}

/** An order as `GET /api/orders/{id}` answers it: with what its payment page says (decision 0039). */
export interface OrderWithPayment {
  order: TFarmOrder;
  payment: TOrderPayment;
}

/** The answer of placing an order: where to pay, or the transfer details. */
export interface PlacedOrder {
  order: TFarmOrder;
  payment: PaymentInstructions;
}

export const CROPS_KEY = 'crops';

/** The same swr key as the field map's list: one cache of the user's crops. */
export const useCrops = () => useSWR<TCrop[]>(CROPS_KEY);
export const usePrices = () => useSWR<TPriceList>('prices');

export const fetchQuote = (body: TQuoteBody) => api.post<TQuote>('orders/quote', body);
export const placeOrder = (body: TCreateOrderBody) => api.post<PlacedOrder>('orders', body);
/** "Pay again": a new Przelewy24 session. */
export const retryPayment = (orderId: string) =>
  api.post<PaymentInstructions>(`orders/${encodeURIComponent(orderId)}/pay`, {});
/** Asks the orders service (and through it Przelewy24) how the payment stands; `final` on the last ask. */
export const checkPayment = (orderId: string, final: boolean) =>
  api.post<OrderWithPayment>(`orders/${encodeURIComponent(orderId)}/payment/check`, { final });
/** "Pay by bank transfer instead". */
export const switchToTransfer = (orderId: string) =>
  api.post<OrderWithPayment>(`orders/${encodeURIComponent(orderId)}/payment-method`, {
    paymentMethod: 'TRADITIONAL_TRANSFER',
  });

/** Cancels the customer's own order (allowed until the kit is sent; a paid one is refunded). */
export const cancelOrder = (orderId: string) =>
  api.post<TFarmOrder>(`orders/${encodeURIComponent(orderId)}/cancel`, {});

export const orderKey = (orderId: string) => `orders/${encodeURIComponent(orderId)}`;

/** One order with its payment. */
export function useOrder(orderId: string) {
  return useSWR<OrderWithPayment>(orderId ? orderKey(orderId) : null);
}

export interface OrdersPage {
  items: TFarmOrder[];
  meta: { next: number | null; prev: number | null; total?: number };
}

export const useOrders = (page: number) => useSWR<OrdersPage>(['orders', { page, perPage: 20 }]);

export function useCrop(cropId: string) {
  const lang = useLanguageStore((s) => s.lang);
  return useSWR<TCrop>(cropId ? [`crops/${encodeURIComponent(cropId)}`, lang] : null, ([key]: [string]) =>
    api.get<TCrop>(key),
  );
}

/** Every result of the field (crop) across orders, oldest first; texts in the user's language. */
export function useFieldHistory(cropId: string) {
  const lang = useLanguageStore((s) => s.lang);
  return useSWR<TFieldHistoryView>(
    cropId ? ['results/fields/history', cropId, lang] : null,
    ([key, id]: [string, string]) => api.get<TFieldHistoryView>(key, { query: { cropId: id } }),
  );
}

/** The orders the field's results belong to (their samples name the sectors). */
export function useOrdersById(orderIds: readonly string[]) {
  const ids = [...orderIds].sort();
  return useSWR<TFarmOrder[]>(ids.length ? ['orders-by-id', ...ids] : null, () =>
    Promise.all(ids.map((id) => api.get<OrderWithPayment>(orderKey(id)).then((r) => r.order))),
  );
}

/** Reads an order again, or puts the answer given in the cache (a stable function). */
export function useRefreshOrder() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (orderId: string, answer?: OrderWithPayment) =>
      answer ? mutate(orderKey(orderId), answer, { revalidate: false }) : mutate(orderKey(orderId)),
    [mutate],
  );
}

/** The browser leaving for the payment page (a seam for tests). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * A prescription file from geo (`POST /api/crops/{id}/prescription/{format}`, decision 0060),
 * saved by the browser under the name geo gives; resolves with that name. A refusal is the
 * service's error (an `ApiError`), as the JSON calls give it.
 */
export async function downloadPrescription(
  cropId: string,
  format: PrescriptionFormat,
  body: TPrescriptionExportBody,
): Promise<string> {
  return downloadFile(
    `crops/${encodeURIComponent(cropId)}/prescription/${format}`,
    `prescription.${format === 'geojson' ? 'geojson' : 'zip'}`,
    { accept: 'application/zip, application/geo+json, application/json', body },
  );
}
