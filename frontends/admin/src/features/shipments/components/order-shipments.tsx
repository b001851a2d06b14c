import { Table } from '@gleba/ui';
import { formatDate, useLang, useT } from '../../../lib/i18n';
import { useModeStore } from '../../../stores/mode-store';
import { useShipments } from '../api/shipments';
import { WaybillLink, parcelStatusText } from './shipment-cells';

/** An order's shipments (found by its number), each linking to its tracking page. */
export function OrderShipments({ orderNumber }: { orderNumber: string }) {
  const tr = useT();
  const lang = useLang();
  const mode = useModeStore((s) => s.mode);
  const { data, isLoading } = useShipments(mode, {
    search: orderNumber,
    page: 1,
    perPage: 50,
    orderBy: 'createdAt:desc',
  });
  const rows = data?.items.filter((s) => s.orderNumber === orderNumber);
  return (
    <div className="table-wrap">
      <Table
        loading={isLoading}
        skeletonRows={2}
        rows={rows}
        rowKey={(s) => s.id}
        empty={tr('admin.noShipments')}
        columns={[
          {
            key: 'waybill',
            header: tr('admin.waybill'),
            cell: (s) => <WaybillLink shipment={s} />,
          },
          {
            key: 'type',
            header: tr('admin.shipmentType'),
            cell: (s) => tr(`admin.shipType${s.shipmentType}`),
          },
          {
            key: 'status',
            header: tr('admin.tracking'),
            cell: (s) => parcelStatusText(tr, s),
          },
          { key: 'date', header: tr('admin.date'), cell: (s) => formatDate(lang, s.statusChangedAt) },
        ]}
      />
    </div>
  );
}
