import { Link, useSearchParams } from 'react-router';
import {
  AdminOrdersTab,
  FarmOrderStatus,
  GardenTestStatus,
  OrderType,
  PaymentStatus,
} from '@gleba/contracts';
import type { Column } from '@gleba/ui';
import { formatDate, formatPrice, useLang, useT } from '../../../lib/i18n';
import { PagedTable } from '../../../lib/paging';
import { useModeStore } from '../../../stores/mode-store';
import {
  DEFAULT_FILTERS,
  filtersFromParams,
  paramsFromFilters,
  useAdminOrders,
  type AdminOrderRow,
  type OrdersFilters,
  type OrdersSortField,
} from '../api/orders';
import { DateRangeFields, FilterSelect, ListFilters } from '../../../components/list-filters';

const TABS: AdminOrdersTab[] = ['ALL', 'IN_PROGRESS', 'TO_SEND', 'ACTIVE', 'ENDED'];

/** Orders of the current mode: tabs, search, filters, sorting and paging (spec section 2). */
export function OrdersPage() {
  const tr = useT();
  const lang = useLang();
  const mode = useModeStore((s) => s.mode);
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const setFilters = (next: (f: OrdersFilters) => OrdersFilters) =>
    setParams(paramsFromFilters(next(filtersFromParams(params))), { replace: true });
  const { data, error, isLoading } = useAdminOrders(mode, filters);

  const update = (patch: Partial<OrdersFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const statuses = mode === 'farm' ? FarmOrderStatus.options : GardenTestStatus.options;

  function sortHeader(field: OrdersSortField, labelKey: string) {
    const active = filters.sort === field;
    const label = tr(labelKey);
    return (
      <button
        type="button"
        className="sort-button"
        aria-label={tr('admin.sortBy', { column: label })}
        onClick={() => update({ sort: field, dir: active && filters.dir === 'desc' ? 'asc' : 'desc' })}
      >
        {label} {active ? (filters.dir === 'asc' ? '▲' : '▼') : ''}
      </button>
    );
  }
  /** The sort state goes on the column's header cell (`aria-sort` is a `th` attribute). */
  const sortOf = (field: OrdersSortField): Column<AdminOrderRow>['sort'] =>
    filters.sort === field ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none';

  const columns: Column<AdminOrderRow>[] = [
    {
      key: 'number',
      header: sortHeader('orderNumber', 'admin.colOrderNumber'),
      sort: sortOf('orderNumber'),
      cell: (o) => <Link to={`/orders/${o.id}`}>{o.orderNumber}</Link>,
    },
    {
      key: 'customer',
      header: tr('admin.colCustomer'),
      cell: (o) => (
        <>
          {[o.customer?.firstName, o.customer?.lastName].filter(Boolean).join(' ')}
          <br />
          <small>{o.customer?.email}</small>
        </>
      ),
    },
    {
      key: 'date',
      header: sortHeader('orderDate', 'admin.colOrderDate'),
      sort: sortOf('orderDate'),
      cell: (o) => formatDate(lang, o.orderDate),
    },
    {
      key: 'status',
      header: sortHeader('status', 'admin.colStatus'),
      sort: sortOf('status'),
      cell: (o) => (
        <span className="status-cell">
          <span className={`status status--${o.status}`}>{tr(`notifications.status${o.status}`)}</span>
          {o.isLate && (
            <span className="badge badge--late" title={tr('admin.lateHint')}>
              {tr('admin.late')}
            </span>
          )}
        </span>
      ),
    },
    { key: 'type', header: tr('admin.colType'), cell: (o) => tr(`admin.type${o.type}`) },
    { key: 'payment', header: tr('admin.colPayment'), cell: (o) => tr(`admin.payment${o.paymentStatus}`) },
    { key: 'samples', header: tr('admin.colSamples'), cell: (o) => o.numberOfSamples },
    {
      key: 'total',
      header: sortHeader('totalPrice', 'admin.colTotal'),
      sort: sortOf('totalPrice'),
      cell: (o) => formatPrice(lang, o.totalPrice),
    },
  ];

  return (
    <section className="page">
      <h1>{tr('admin.ordersTitle')}</h1>
      <div role="tablist" aria-label={tr('admin.ordersTabs')} className="tabs">
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={filters.tab === tab}
            onClick={() => update({ tab })}
          >
            {tr(`admin.tab${tab}`)}
          </button>
        ))}
      </div>
      <ListFilters
        // A new box when the search changes elsewhere (cleared filters, the address).
        key={filters.search}
        search={filters.search}
        placeholder={tr('admin.searchPlaceholder')}
        onSearch={(search) => update({ search })}
      >
        <FilterSelect
          label={tr('admin.filterStatus')}
          value={filters.status}
          values={statuses}
          labelOf={(s) => tr(`notifications.status${s}`)}
          onChange={(v) => update({ status: v })}
        />
        <FilterSelect
          label={tr('admin.filterType')}
          value={filters.type}
          values={OrderType.options}
          labelOf={(s) => tr(`admin.type${s}`)}
          onChange={(v) => update({ type: v })}
        />
        <FilterSelect
          label={tr('admin.filterPaymentStatus')}
          value={filters.paymentStatus}
          values={PaymentStatus.options}
          labelOf={(s) => tr(`admin.payment${s}`)}
          onChange={(v) => update({ paymentStatus: v })}
        />
        <DateRangeFields
          from={filters.dateFrom}
          to={filters.dateTo}
          onChange={(r) => update({ dateFrom: r.from ?? filters.dateFrom, dateTo: r.to ?? filters.dateTo })}
        />
        <label className="filters__check">
          <input
            type="checkbox"
            checked={filters.late === 'true'}
            onChange={(e) => update({ late: e.target.checked ? 'true' : '' })}
          />
          {tr('admin.filterLate')}
        </label>
        <button
          type="button"
          className="gl-button gl-button--secondary"
          onClick={() => {
            setFilters(() => ({ ...DEFAULT_FILTERS, tab: filters.tab }));
          }}
        >
          {tr('admin.clearFilters')}
        </button>
      </ListFilters>
      <PagedTable
        error={error}
        columns={columns}
        rows={data?.items}
        rowKey={(o) => o.id}
        loading={isLoading}
        empty={tr('admin.noOrders')}
        label={tr('admin.ordersTitle')}
        meta={data?.meta}
        onPage={(page) => setFilters((f) => ({ ...f, page }))}
      />
    </section>
  );
}
