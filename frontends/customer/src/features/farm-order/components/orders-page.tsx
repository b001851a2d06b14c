import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormError, Table } from '@gleba/ui';
import { FARM_SAMPLING_OPEN, type TFarmOrder } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { formatDate } from '../../../lib/test-status';
import { useOrders } from '../../../lib/api/farm-order';
import { formatPrice } from '../rules/wizard';
import { LinkedOrder } from './linked-order';
import '../../../lib/styles/farm-order.css';

/** Orders whose samples may have results by now: the lab has them. */
const WITH_RESULTS = new Set(['SAMPLES_IN_ANALYSIS', 'ORDER_COMPLETED', 'RESULTS_UPDATED']);

/** The distinct fields (crops) of an order, for its links to the results maps. */
export function orderFields(order: TFarmOrder): { cropId: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const s of order.samples) if (!seen.has(s.cropId)) seen.set(s.cropId, s.fieldName);
  return [...seen].map(([cropId, name]) => ({ cropId, name }));
}

/** `/orders`: the user's farm orders with their payment, and the results map of each tested field. */
export function OrdersPage() {
  const tr = useT();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useOrders(page);
  const linked = useSearchParams()[0].get('order');
  return (
    <section className="page farm-order">
      {linked && (
        <LinkedOrder orderId={linked} withResults={(o) => WITH_RESULTS.has(o.status)} fields={orderFields} />
      )}
      <div className="results-actions">
        <Link to="/orders/new" className="gl-button">
          {tr('farmOrder.newOrder')}
        </Link>
        <Link to="/map" className="gl-button gl-button--secondary">
          {tr('farmOrder.goToMap')}
        </Link>
      </div>
      <FormError>{error ? describeError(lang, error) : undefined}</FormError>
      <Table<TFarmOrder>
        caption={tr('farmOrder.titleOrders')}
        loading={isLoading}
        rows={data?.items}
        rowKey={(o) => o.id}
        empty={tr('farmOrder.noOrders')}
        stackOnNarrow
        columns={[
          { key: 'number', header: tr('farmOrder.colOrder'), cell: (o) => o.orderNumber },
          { key: 'date', header: tr('farmOrder.colDate'), cell: (o) => formatDate(lang, o.orderDate) },
          {
            key: 'status',
            header: tr('farmOrder.colStatus'),
            cell: (o) => tr(`customerTests.status_${o.status}`),
          },
          { key: 'samples', header: tr('farmOrder.colSamples'), cell: (o) => o.numberOfSamples },
          { key: 'total', header: tr('farmOrder.colTotal'), cell: (o) => formatPrice(o.totalPrice, lang) },
          {
            key: 'payment',
            header: tr('farmOrder.colPayment'),
            cell: (o) => (
              <Link
                to={`/orders/${o.id}/payment`}
              >{`${tr(`farmOrder.pay_${o.paymentMethod}`)}: ${tr(`farmOrder.payStatus_${o.paymentStatus}`)}`}</Link>
            ),
          },
          {
            key: 'results',
            header: tr('farmOrder.colResults'),
            cell: (o) =>
              FARM_SAMPLING_OPEN.includes(o.status) ? (
                <Link to={`/orders/${o.id}/sampling`}>{tr('sampling.openLink')}</Link>
              ) : WITH_RESULTS.has(o.status) ? (
                <ul className="farm-order__links">
                  {orderFields(o).map((f) => (
                    <li key={f.cropId}>
                      <Link to={`/fields/${f.cropId}/results?order=${o.id}`}>
                        {tr('farmOrder.resultsMapOf', { name: f.name })}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {data && (data.meta.prev !== null || data.meta.next !== null) && (
        <div className="pager">
          <button
            type="button"
            className="gl-button gl-button--secondary"
            disabled={data.meta.prev === null}
            onClick={() => setPage(data.meta.prev ?? 1)}
          >
            {tr('farmOrder.previous')}
          </button>
          <button
            type="button"
            className="gl-button gl-button--secondary"
            disabled={data.meta.next === null}
            onClick={() => setPage(data.meta.next ?? page)}
          >
            {tr('farmOrder.nextPage')}
          </button>
        </div>
      )}
    </section>
  );
}
