import useSWR from 'swr';
import type {
  AdminMode,
  AdminOrdersTab,
  FarmOrderStatus,
  GardenTestStatus,
  OrderType,
  PaymentStatus,
  PaymentSessionStatus,
  TAdminOrdersQuery,
  TFarmOrder,
  TGardenTest,
  TPageMeta,
} from '@gleba/contracts';
import type { QueryValue } from '@gleba/api-client';
import { api } from '../../../lib/api-client';

export type OrdersSortField = 'orderDate' | 'orderNumber' | 'totalPrice' | 'status';

/** What the orders screen lets the admin choose; empty strings mean "any". */
export interface OrdersFilters {
  tab: AdminOrdersTab;
  search: string;
  status: string;
  type: string;
  paymentStatus: string;
  dateFrom: string;
  dateTo: string;
  /** 'true': only orders past the 4-day rule with no samples sent. */
  late: string;
  sort: OrdersSortField;
  dir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export const DEFAULT_FILTERS: OrdersFilters = {
  tab: 'ALL',
  search: '',
  status: '',
  type: '',
  paymentStatus: '',
  dateFrom: '',
  dateTo: '',
  late: '',
  sort: 'orderDate',
  dir: 'desc',
  page: 1,
  perPage: 20,
};

/**
 * The query of `GET {base}/orders` (`ZAdminOrdersQuery`): empty choices are left out, the search is
 * trimmed, the sort becomes `field:dir`.
 */
export function buildOrdersQuery(f: OrdersFilters): Partial<Record<keyof TAdminOrdersQuery, QueryValue>> {
  const q: Partial<Record<keyof TAdminOrdersQuery, QueryValue>> = {
    tab: f.tab,
    page: f.page,
    perPage: f.perPage,
    orderBy: `${f.sort}:${f.dir}`,
  };
  const search = f.search.trim().slice(0, 100);
  if (search) q.search = search;
  if (f.status) q.status = f.status;
  if (f.type) q.type = f.type;
  if (f.paymentStatus) q.paymentStatus = f.paymentStatus;
  if (f.dateFrom) q.dateFrom = f.dateFrom;
  if (f.dateTo) q.dateTo = f.dateTo;
  if (f.late === 'true') q.late = 'true';
  return q;
}

export interface AdminOrderRow {
  id: string;
  kind: 'FARM' | 'GARDEN';
  orderNumber: string;
  status: FarmOrderStatus | GardenTestStatus;
  type: OrderType;
  paymentMethod: string | null;
  paymentStatus: PaymentStatus;
  totalPrice: number;
  numberOfSamples: number;
  customer: { firstName?: string; lastName?: string; email?: string } | null;
  orderDate: string;
  /** Past the 4-day rule with no samples sent. */
  isLate?: boolean;
}

export interface AdminOrdersPage {
  items: AdminOrderRow[];
  meta: TPageMeta;
}

export function useAdminOrders(mode: AdminMode, filters: OrdersFilters) {
  // The mode is part of the key: the same query means other data in the other mode.
  return useSWR<AdminOrdersPage>(
    ['orders', buildOrdersQuery(filters), mode] as const,
    ([path, query]: readonly [string, Record<string, QueryValue>, AdminMode]) =>
      api.get<AdminOrdersPage>(path, { query }),
  );
}

export interface OrderClient {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string | null;
  address?: {
    streetName?: string;
    buildingNumber?: string;
    apartmentNumber?: string | null;
    postCode?: string;
    cityName?: string;
  } | null;
}

type DetailExtras = {
  client: OrderClient;
  company: { companyName: string | null; taxNumber: string | null } | null;
  farm: {
    totalAreaHa: number;
    crops: {
      cropId: string;
      fieldName: string;
      plantId: string;
      plotNumbers: string[];
      areaHa: number;
      sectors: number;
    }[];
  } | null;
  report: { sampleCodes: string[]; additionalTests: string[]; completed: boolean };
  /** The status history with who made each change (null: the system). */
  statusHistory: {
    status: string;
    from: string | null;
    updatedByUserId: string | null;
    updatedBy: { name: string | null; role: 'ADMIN' | 'USER' } | null;
    changeDate: string;
  }[];
  failedPayments?: { errorType: string; errorMessage: string; attempts: number; updatedAt: string }[];
  /** Online payment sessions, newest first (farm orders). */
  payments?: {
    sessionId: string;
    status: PaymentSessionStatus;
    amount: number;
    startedAt: string;
    endedAt: string | null;
  }[];
};

export type AdminOrderDetail =
  (Omit<TFarmOrder, 'statusHistory'> & DetailExtras) | (Omit<TGardenTest, 'statusHistory'> & DetailExtras);

export const orderKey = (id: string, mode: AdminMode) => [`orders/${id}`, mode] as const;

export function useAdminOrder(id: string, mode: AdminMode) {
  return useSWR<AdminOrderDetail>(orderKey(id, mode), ([path]: readonly [string, AdminMode]) =>
    api.get<AdminOrderDetail>(path),
  );
}

/** `trackingNumber`: KIT_SENT, the kit parcel's number, told to the customer in the kit-sent message. */
export const changeOrderStatus = (id: string, status: string, trackingNumber?: string) =>
  api.post<AdminOrderDetail>(`orders/${id}/status`, trackingNumber ? { status, trackingNumber } : { status });
export const cancelOrder = (id: string) => api.post<AdminOrderDetail>(`orders/${id}/cancel`, {});
export const markOrderPaid = (id: string) => api.post<AdminOrderDetail>(`orders/${id}/mark-paid`, {});
export const markOrderRefunded = (id: string) => api.post<AdminOrderDetail>(`orders/${id}/mark-refunded`, {});

const TABS = new Set<string>(['ALL', 'IN_PROGRESS', 'TO_SEND', 'ACTIVE', 'ENDED']);
const SORTS = new Set<string>(['orderDate', 'orderNumber', 'totalPrice', 'status']);

/** The screen's filters kept in the address (`?tab=TO_SEND&search=...`), so going back from an order keeps them. */
export function filtersFromParams(params: URLSearchParams): OrdersFilters {
  const get = (k: string) => params.get(k) ?? '';
  const page = Number(params.get('page'));
  return {
    ...DEFAULT_FILTERS,
    tab: TABS.has(get('tab')) ? (get('tab') as AdminOrdersTab) : 'ALL',
    search: get('search'),
    status: get('status'),
    type: get('type'),
    paymentStatus: get('paymentStatus'),
    dateFrom: get('dateFrom'),
    dateTo: get('dateTo'),
    late: get('late') === 'true' ? 'true' : '',
    sort: SORTS.has(get('sort')) ? (get('sort') as OrdersSortField) : DEFAULT_FILTERS.sort,
    dir: get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function paramsFromFilters(f: OrdersFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (k === 'perPage') continue;
    if (v !== '' && v !== DEFAULT_FILTERS[k as keyof OrdersFilters]) params.set(k, String(v));
  }
  return params;
}
