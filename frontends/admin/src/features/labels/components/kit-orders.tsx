import { useState } from 'react';
import { toast } from '@gleba/ui';
import { formatDate, formatPrice, useDescribeError, useLang, useT } from '../../../lib/i18n';
import { PagedTable } from '../../../lib/paging';
import { useModeStore } from '../../../stores/mode-store';
import { markKitOrderPaid, useKitOrders } from '../api/barcode-labels';

/** Garden mode: kit orders paid by transfer are marked paid here; their barcodes then work. */
export function KitOrders() {
  const tr = useT();
  const lang = useLang();
  const describe = useDescribeError();
  const mode = useModeStore((s) => s.mode);
  const [page, setPage] = useState(1);
  const { data, isLoading, mutate } = useKitOrders(mode, page);
  if (mode !== 'garden') return null;

  async function paid(id: string) {
    try {
      await markKitOrderPaid(id);
      toast.success(tr('admin.kitMarkedPaid'));
      await mutate();
    } catch (err) {
      toast.error(describe(err));
    }
  }

  return (
    <>
      <h2>{tr('admin.kitOrdersTitle')}</h2>
      <PagedTable
        loading={isLoading}
        rows={data?.items}
        rowKey={(k) => k.id}
        columns={[
          { key: 'number', header: tr('admin.colOrderNumber'), cell: (k) => k.orderNumber },
          { key: 'date', header: tr('admin.colOrderDate'), cell: (k) => formatDate(lang, k.orderDate) },
          { key: 'qty', header: tr('admin.quantity'), cell: (k) => k.quantity },
          { key: 'price', header: tr('admin.colTotal'), cell: (k) => formatPrice(lang, k.price) },
          {
            key: 'payment',
            header: tr('admin.colPayment'),
            cell: (k) => tr(`admin.payment${k.paymentStatus}`),
          },
          {
            key: 'actions',
            header: '',
            cell: (k) =>
              k.paymentStatus !== 'PAID' ? (
                <button
                  type="button"
                  className="gl-button gl-button--secondary"
                  onClick={() => void paid(k.id)}
                >
                  {tr('admin.markPaid')}
                </button>
              ) : null,
          },
        ]}
        meta={data?.meta}
        onPage={setPage}
      />
    </>
  );
}
