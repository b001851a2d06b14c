import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { FormError } from '@gleba/ui';
import { isApiError } from '@gleba/api-client';
import type { TFarmOrder } from '@gleba/contracts';
import { useLang, useT, type Translate } from '../../../lib/i18n';
import { formatDate } from '../../soil-tests/components/test-status';
import {
  browser,
  retryPayment,
  useOrder,
  useRefreshOrder,
  type PaymentInstructions,
} from '../api/farm-order';
import { orderErrorMessage } from '../rules/errors';
import { PENDING_PAYMENT_KEY, formatPrice } from '../rules/wizard';
import '../farm-order.css';

export type PaymentOutcome = 'paid' | 'pending' | 'failed' | 'transfer' | 'cancelled';

/**
 * What the page tells the customer. Przelewy24 returns the customer without saying how the payment
 * went; the order says it once Przelewy24's notification was verified. While an online payment is
 * unconfirmed the page asks again (`polls` times); after that, or when the payment could not even
 * be registered, it counts as failed and can be paid again.
 */
export function paymentOutcome(
  order: TFarmOrder,
  opts: { registrationError: boolean; pollsLeft: boolean },
): PaymentOutcome {
  if (order.status === 'ORDER_CANCELLED') return 'cancelled';
  if (order.paymentStatus === 'PAID') return 'paid';
  if (order.paymentMethod !== 'ONLINE_BANK_TRANSFER') return 'transfer';
  if (opts.registrationError) return 'failed';
  return opts.pollsLeft ? 'pending' : 'failed';
}

function TransferDetails({
  payment,
  order,
  tr,
}: {
  payment: PaymentInstructions;
  order: TFarmOrder;
  tr: Translate;
}) {
  const lang = useLang();
  const t = payment.bankTransfer;
  if (!t) return null;
  const rows: [string, string][] = [
    [tr('farmOrder.transferAccount'), t.accountNumber],
    [tr('farmOrder.transferRecipient'), t.recipient],
    [tr('farmOrder.transferTitle'), t.transferTitle],
    [tr('farmOrder.transferAmount'), formatPrice(t.amount, lang)],
    ...(t.dueDate
      ? ([[tr('farmOrder.transferDue'), formatDate(lang, t.dueDate)]] as [string, string][])
      : []),
  ];
  return (
    <section aria-label={tr('farmOrder.transferDetails')}>
      <h3>{tr('farmOrder.transferDetails')}</h3>
      <p>
        {order.paymentMethod === 'DEFERRED_BANK_TRANSFER'
          ? tr('farmOrder.deferredHint', { date: t.dueDate ? formatDate(lang, t.dueDate) : '' })
          : tr('farmOrder.traditionalHint')}
      </p>
      <dl className="sample-details">
        {rows.map(([label, value]) => (
          <div className="sample-details__row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface PaymentPageProps {
  /** How often and how many times an unconfirmed online payment is asked about again. */
  pollMs?: number;
  polls?: number;
}

/** `/orders/{id}/payment`: where Przelewy24 sends the customer back, and where transfers are explained. */
export function PaymentPage({ pollMs = 3000, polls = 10 }: PaymentPageProps) {
  const tr = useT();
  const lang = useLang();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const [asked, setAsked] = useState(0);
  const [retryError, setRetryError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshOrder();
  const registrationError = params.get('error');
  const pollsLeft = asked < polls;
  // swr's refreshInterval asks again while the payment is unconfirmed; each answer counts.
  const { data, error } = useOrder(id, pollsLeft && !registrationError ? pollMs : 0, (answer) => {
    if (answer.order.paymentStatus !== 'PAID' && answer.order.paymentMethod === 'ONLINE_BANK_TRANSFER')
      setAsked((n) => n + 1);
  });

  if (error) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <section className="page page--narrow">
        <FormError>{notFound ? tr('errors.orderNotFound') : orderErrorMessage(lang, error)}</FormError>
        <Link to="/orders" className="gl-button">
          {tr('farmOrder.toOrders')}
        </Link>
      </section>
    );
  }
  if (!data) return <p className="muted">{tr('farmOrder.loading')}</p>;
  const { order, payment } = data;
  const outcome = paymentOutcome(order, { registrationError: registrationError !== null, pollsLeft });

  async function payAgain() {
    setRetryError(undefined);
    setBusy(true);
    try {
      const answer = await retryPayment(order.id);
      if (answer.redirectUrl) {
        sessionStorage.setItem(PENDING_PAYMENT_KEY, order.id);
        browser.assign(answer.redirectUrl);
        return;
      }
      setRetryError(tr(`errors.${answer.error ?? 'paymentFailed'}`));
    } catch (e) {
      setRetryError(orderErrorMessage(lang, e));
      await refresh(order.id);
    }
    setBusy(false);
  }

  return (
    <section className="page page--narrow farm-order" data-outcome={outcome}>
      <h2>{tr('farmOrder.orderTitle', { number: order.orderNumber })}</h2>
      <p>
        {tr('farmOrder.colStatus')}: {tr(`customerTests.status_${order.status}`)} · {tr('farmOrder.colTotal')}
        : {formatPrice(order.totalPrice, lang)}
      </p>
      {outcome === 'paid' && (
        <div role="status" className="farm-order__outcome farm-order__outcome--paid">
          <h3>{tr('farmOrder.paid')}</h3>
          <p>{tr('farmOrder.paidHint')}</p>
        </div>
      )}
      {outcome === 'pending' && (
        <div role="status" className="farm-order__outcome farm-order__outcome--pending">
          <h3>{tr('farmOrder.pending')}</h3>
          <p>{tr('farmOrder.pendingHint')}</p>
        </div>
      )}
      {outcome === 'failed' && (
        <div role="alert" className="farm-order__outcome farm-order__outcome--failed">
          <h3>{tr('farmOrder.failed')}</h3>
          {registrationError && <p>{tr(`errors.${registrationError}`)}</p>}
          <p>{tr('farmOrder.failedHint')}</p>
          <div className="results-actions">
            <button type="button" className="gl-button" disabled={busy} onClick={() => void payAgain()}>
              {tr('farmOrder.payAgain')}
            </button>
            <button
              type="button"
              className="gl-button gl-button--secondary"
              onClick={() => {
                setAsked(0);
                void refresh(order.id);
              }}
            >
              {tr('farmOrder.checkAgain')}
            </button>
          </div>
          <FormError>{retryError}</FormError>
        </div>
      )}
      {outcome === 'cancelled' && <p role="status">{tr('farmOrder.cancelled')}</p>}
      {outcome === 'transfer' && <TransferDetails payment={payment} order={order} tr={tr} />}
      <div className="results-actions">
        <Link to="/orders" className="gl-button gl-button--secondary">
          {tr('farmOrder.toOrders')}
        </Link>
        <Link to="/soil-tests" className="gl-button gl-button--secondary">
          {tr('farmOrder.toTests')}
        </Link>
      </div>
    </section>
  );
}

/**
 * `/orders/payment-return`: a fixed address for Przelewy24's `urlReturn` (`P24_RETURN_URL`), which
 * cannot carry the order id; the wizard keeps the id of the order being paid in the tab's session.
 */
export function PaymentReturnPage() {
  const id = sessionStorage.getItem(PENDING_PAYMENT_KEY);
  return <Navigate to={id ? `/orders/${encodeURIComponent(id)}/payment` : '/orders'} replace />;
}
