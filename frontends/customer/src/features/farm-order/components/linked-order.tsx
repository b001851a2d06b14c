import { Link } from 'react-router';
import type { TFarmOrder } from '@gleba/contracts';
import { useLang, useT } from '../../../lib/i18n';
import { formatDate } from '../../../lib/test-status';
import { useOrder } from '../../../lib/api/farm-order';
import { formatPrice } from '../rules/wizard';

/**
 * `/orders?order={id}`, where the links of the order's messages go: that order first, whichever
 * page of the list it is on, with its payment and the results of its fields.
 */
export function LinkedOrder({
  orderId,
  withResults,
  fields,
}: {
  orderId: string;
  withResults: (order: TFarmOrder) => boolean;
  fields: (order: TFarmOrder) => { cropId: string; name: string }[];
}) {
  const tr = useT();
  const lang = useLang();
  const { data } = useOrder(orderId);
  const order = data?.order;
  if (!order) return null;
  return (
    <section className="card linked-order" aria-labelledby="linked-order" data-testid="linked-order">
      <h2 id="linked-order">{`${tr('farmOrder.colOrder')} ${order.orderNumber}`}</h2>
      <dl className="linked-order__facts">
        <dt>{tr('farmOrder.colDate')}</dt>
        <dd>{formatDate(lang, order.orderDate)}</dd>
        <dt>{tr('farmOrder.colStatus')}</dt>
        <dd>{tr(`customerTests.status_${order.status}`)}</dd>
        <dt>{tr('farmOrder.colTotal')}</dt>
        <dd>{formatPrice(order.totalPrice, lang)}</dd>
        <dt>{tr('farmOrder.colPayment')}</dt>
        <dd>
          <Link to={`/orders/${encodeURIComponent(order.id)}/payment`}>
            {`${tr(`farmOrder.pay_${order.paymentMethod}`)}: ${tr(`farmOrder.payStatus_${order.paymentStatus}`)}`}
          </Link>
        </dd>
        {withResults(order) && (
          <>
            <dt>{tr('farmOrder.colResults')}</dt>
            <dd>
              <ul className="farm-order__links">
                {fields(order).map((f) => (
                  <li key={f.cropId}>
                    <Link to={`/fields/${f.cropId}/results?order=${order.id}`}>
                      {tr('farmOrder.resultsMapOf', { name: f.name })}
                    </Link>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
