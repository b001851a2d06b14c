import { useState } from 'react';
import { ParcelStatus, ShipmentType, type TLabelFormat, type TShipment } from '@gleba/contracts';
import { SelectField, TextField, type Column } from '@gleba/ui';
import { formatDate, formatPrice, useLang, useT } from '../../../lib/i18n';
import { PagedTable } from '../../../lib/paging';
import { useModeStore } from '../../../stores/mode-store';
import {
  bulkLabelsPdf,
  buildShipmentsQuery,
  labelPdf,
  protocolPdf,
  useShipments,
  type ShipmentFilters,
} from '../api/shipments';
import { PdfButton } from './pdf-button';
import { DateRangeFields, FilterSelect, ListFilters } from '../../../components/list-filters';
import { WaybillLink, parcelStatusText } from './shipment-cells';

/**
 * The admin's calendar day (not UTC's: from midnight to 1 or 2 a.m. in Poland UTC is still on
 * the day before, and the protocol of that day would miss today's parcels).
 */
function localDay(d = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
const today = () => localDay();

/** DPD labels and waybills one by one or in bulk, the day's handover protocol, tracking links. */
export function ShipmentsPage() {
  const tr = useT();
  const lang = useLang();
  const mode = useModeStore((s) => s.mode);
  const [filters, setFilters] = useState<ShipmentFilters>({
    search: '',
    status: '',
    shipmentType: '',
    from: '',
    to: '',
    page: 1,
  });
  const [format, setFormat] = useState<TLabelFormat>('A4');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [protocolDate, setProtocolDate] = useState(today());
  const { data, error, isLoading } = useShipments(mode, buildShipmentsQuery(filters));
  const update = (patch: Partial<ShipmentFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));

  const withLabel = (data?.items ?? []).filter((s) => s.waybill && !s.isCancelled);
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<TShipment>[] = [
    {
      key: 'select',
      header: (
        <input
          type="checkbox"
          aria-label={tr('admin.selectAll')}
          checked={withLabel.length > 0 && withLabel.every((s) => selected.has(s.id))}
          onChange={(e) => setSelected(e.target.checked ? new Set(withLabel.map((s) => s.id)) : new Set())}
        />
      ),
      cell: (s) =>
        s.waybill && !s.isCancelled ? (
          <input
            type="checkbox"
            aria-label={tr('admin.selectShipment', { number: s.orderNumber })}
            checked={selected.has(s.id)}
            onChange={() => toggle(s.id)}
          />
        ) : null,
    },
    { key: 'order', header: tr('admin.colOrderNumber'), cell: (s) => s.orderNumber },
    {
      key: 'waybill',
      header: tr('admin.waybill'),
      cell: (s) => <WaybillLink shipment={s} />,
    },
    {
      key: 'type',
      header: tr('admin.shipmentType'),
      cell: (s) => `${tr(`admin.shipType${s.shipmentType}`)} · ${s.size}`,
    },
    {
      key: 'status',
      header: tr('admin.status'),
      cell: (s) => parcelStatusText(tr, s),
    },
    { key: 'date', header: tr('admin.createdAt'), cell: (s) => formatDate(lang, s.createdAt) },
    { key: 'cost', header: tr('admin.shippingCost'), cell: (s) => formatPrice(lang, s.shippingCost) },
    { key: 'return', header: tr('admin.returnCode'), cell: (s) => s.returnCode ?? '—' },
    {
      key: 'label',
      header: tr('admin.labelPdf'),
      cell: (s) =>
        s.waybill && !s.isCancelled ? (
          <PdfButton
            secondary
            label={tr('admin.download')}
            fallbackName={`label-${s.waybill}.pdf`}
            fetcher={() => labelPdf(s.id, format)}
          />
        ) : null,
    },
  ];

  return (
    <section className="page">
      <h1>{tr('admin.shipmentsTitle')}</h1>
      <div className="toolbar">
        <SelectField
          label={tr('admin.labelFormat')}
          value={format}
          onChange={(e) => setFormat(e.target.value as TLabelFormat)}
          options={(['A4', 'LABEL_PRINTER'] as const).map((f) => ({
            value: f,
            label: tr(`admin.format${f}`),
          }))}
        />
        <PdfButton
          label={tr('admin.bulkLabels', { count: selected.size })}
          disabled={selected.size === 0}
          fallbackName="labels.pdf"
          fetcher={() => bulkLabelsPdf([...selected], format)}
        />
        <TextField
          label={tr('admin.protocolDate')}
          type="date"
          value={protocolDate}
          onChange={(e) => setProtocolDate(e.target.value)}
        />
        <PdfButton
          label={tr('admin.protocol')}
          secondary
          disabled={!protocolDate}
          fallbackName={`protocol-${protocolDate}.pdf`}
          fetcher={() => protocolPdf(protocolDate)}
        />
      </div>
      <ListFilters
        search={filters.search}
        placeholder={tr('admin.shipmentSearch')}
        onSearch={(search) => update({ search })}
      >
        <FilterSelect
          label={tr('admin.status')}
          value={filters.status}
          values={ParcelStatus.options}
          labelOf={(s) => tr(`admin.parcel${s}`)}
          onChange={(v) => update({ status: v })}
        />
        <FilterSelect
          label={tr('admin.shipmentType')}
          value={filters.shipmentType}
          values={ShipmentType.options}
          labelOf={(s) => tr(`admin.shipType${s}`)}
          onChange={(v) => update({ shipmentType: v })}
        />
        <DateRangeFields from={filters.from} to={filters.to} onChange={(r) => update(r)} />
      </ListFilters>
      <PagedTable
        error={error}
        columns={columns}
        rows={data?.items}
        rowKey={(s) => s.id}
        loading={isLoading}
        meta={data?.meta}
        onPage={(page) => setFilters((f) => ({ ...f, page }))}
      />
    </section>
  );
}
