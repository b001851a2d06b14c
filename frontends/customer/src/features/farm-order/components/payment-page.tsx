import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { FormError, toast } from '@gleba/ui';
import { isApiError } from '@gleba/api-client';
import { FARM_TRANSITIONS, canTransition, type TFarmOrder, type TOrderPayment } from '@gleba/contracts';
import { useLang, useT, type Translate } from '../../../lib/i18n';
import { formatDate } from '../../../lib/test-status';
import {
  browser,
  cancelOrder,
  checkPayment,
  retryPayment,
  switchToTransfer,
  useOrder,
  useRefreshOrder,
  type OrderWithPayment,
  type PaymentInstructions,
} from '../../../lib/api/farm-order';
import { orderErrorMessage } from '../rules/errors';
import { PENDING_PAYMENT_KEY, formatPrice } from '../rules/wizard';
import '../../../lib/styles/farm-order.css';
import { DetailsList } from '../../../lib/components/details-list';
import { LoadFailed } from '../../../lib/components/load-failed';
import { ConfirmedActionButton } from '../../../lib/components/confirmed-action-button';

/** What the page says: the service's outcome, or "unconfirmed" once it stopped waiting for one. */
export type PaymentView =
  | 'paid'
  | 'pending'
  | 'unconfirmed'
  | 'rejected'
  | 'abandoned'
  | 'expired'
  | 'failed'
  | 'notStarted'
  | 'transfer'
  | 'cancelled'
  | 'refundDue'
  | 'refunded';

const VIEW_OF: Record<TOrderPayment['outcome'], PaymentView> = {
  PAID: 'paid',
  AWAITING: 'pending',
  NOT_STARTED: 'notStarted',
  REJECTED: 'rejected',
  ABANDONED: 'abandoned',
  EXPIRED: 'expired',
  FAILED: 'failed',
  TRANSFER: 'transfer',
  CANCELLED: 'cancelled',
  REFUND_DUE: 'refundDue',
  REFUNDED: 'refunded',
};

/**
 * The orders service says how the payment stands (decision 0039): paid, awaiting, rejected,
 * abandoned, expired, failed... While it is awaited the page asks again (`polls` times); after that
 * it says it has no confirmation yet and offers the ways on. A registration that failed when the
 * order was placed (`?error=`) is "failed" at once.
 */
export function paymentView(
  payment: Pick<TOrderPayment, 'outcome'>,
  opts: { registrationError: boolean; pollsLeft: boolean },
): PaymentView {
  const view = VIEW_OF[payment.outcome];
  if (view === 'pending') {
    if (opts.registrationError) return 'failed';
    return opts.pollsLeft ? 'pending' : 'unconfirmed';
  }
  return view;
}

/** Views where the order still waits for its money: the page offers to pay again or by transfer. */
const UNPAID: ReadonlySet<PaymentView> = new Set([
  'unconfirmed',
  'rejected',
  'abandoned',
  'expired',
  'failed',
  'notStarted',
]);
const TONE: Record<PaymentView, 'paid' | 'pending' | 'failed' | null> = {
  paid: 'paid',
  pending: 'pending',
  unconfirmed: 'pending',
  rejected: 'failed',
  abandoned: 'failed',
  expired: 'failed',
  failed: 'failed',
  notStarted: 'pending',
  transfer: null,
  cancelled: null,
  refundDue: 'pending',
  refunded: null,
};
const HINT: Partial<Record<PaymentView, string>> = {
  paid: 'farmOrder.paidHint',
  pending: 'farmOrder.pendingHint',
  unconfirmed: 'farmOrder.unconfirmedHint',
  rejected: 'farmOrder.rejectedHint',
  abandoned: 'farmOrder.abandonedHint',
  expired: 'farmOrder.expiredHint',
  failed: 'farmOrder.failedHint',
  notStarted: 'farmOrder.notStartedHint',
  refundDue: 'farmOrder.refundDueHint',
};

const LOCALE = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' } as const;

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
      <DetailsList rows={rows} />
    </section>
  );
}

export interface PaymentPageProps {
  /** How often and how many times an unconfirmed online payment is asked about again. */
  pollMs?: number;
  polls?: number;
}

/**
 * `/orders/{id}/payment`: where Przelewy24 sends the customer back (`?returned=1`), and where
 * transfers are explained. While an online payment is awaited it asks the orders service (which
 * asks Przelewy24) every `pollMs`, `polls` times; coming back from Przelewy24 the last ask is
 * final, so a payment still not made counts as abandoned. It never waits for ever.
 */
export function PaymentPage({ pollMs = 3000, polls = 10 }: PaymentPageProps) {
  const tr = useT();
  const lang = useLang();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const [asked, setAsked] = useState(0);
  const [actionError, setActionError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshOrder();
  const registrationError = params.get('error');
  const returned = params.get('returned') !== null;
  const { data, error } = useOrder(id);
  const awaiting = data?.payment.outcome === 'AWAITING' && !registrationError;
  const pollsLeft = asked < polls;

  useEffect(() => {
    if (!awaiting || !pollsLeft) return;
    let live = true;
    const timer = setTimeout(
      () => {
        // One ask counted per answer (or failure); the answer replaces the cached order.
        const done = (answer?: OrderWithPayment) => {
          if (!live) return;
          setAsked((n) => n + 1);
          if (answer) void refresh(id, answer);
        };
        checkPayment(id, returned && asked + 1 >= polls).then(done, () => done());
      },
      asked === 0 ? 0 : pollMs,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [awaiting, pollsLeft, asked, id, pollMs, polls, returned, refresh]);

  if (error) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <LoadFailed
        message={notFound ? tr('errors.orderNotFound') : orderErrorMessage(lang, error)}
        back="/orders"
        backLabel={tr('farmOrder.toOrders')}
      />
    );
  }
  if (!data) return <p className="muted">{tr('farmOrder.loading')}</p>;
  const { order, payment } = data;
  const view = paymentView(payment, { registrationError: registrationError !== null, pollsLeft });
  const tone = TONE[view];
  const hint = HINT[view];
  const session = payment.session;

  async function act(run: () => Promise<void>) {
    setActionError(undefined);
    setBusy(true);
    try {
      await run();
    } catch (e) {
      setActionError(orderErrorMessage(lang, e));
      await refresh(order.id);
    }
    setBusy(false);
  }
  const payAgain = () =>
    act(async () => {
      const answer = await retryPayment(order.id);
      if (answer.redirectUrl) {
        sessionStorage.setItem(PENDING_PAYMENT_KEY, order.id);
        browser.assign(answer.redirectUrl);
        return;
      }
      setActionError(tr(`errors.${answer.error ?? 'paymentFailed'}`));
      await refresh(order.id);
    });
  const toTransfer = () =>
    act(async () => {
      await refresh(order.id, await switchToTransfer(order.id));
    });
  const checkAgain = () => {
    setAsked(0);
    void refresh(order.id);
  };

  const actions = (
    <div className="results-actions">
      {payment.canPayAgain && (
        <button type="button" className="gl-button" disabled={busy} onClick={() => void payAgain()}>
          {tr(view === 'notStarted' || view === 'transfer' ? 'farmOrder.payOnline' : 'farmOrder.payAgain')}
        </button>
      )}
      {payment.canSwitchToTransfer && (
        <button
          type="button"
          className="gl-button gl-button--secondary"
          disabled={busy}
          onClick={() => void toTransfer()}
        >
          {tr('farmOrder.switchToTransfer')}
        </button>
      )}
      {(view === 'unconfirmed' || view === 'abandoned') && (
        <button type="button" className="gl-button gl-button--secondary" onClick={checkAgain}>
          {tr('farmOrder.checkAgain')}
        </button>
      )}
    </div>
  );

  return (
    <section className="page page--narrow farm-order" data-outcome={view}>
      <h2>{tr('farmOrder.orderTitle', { number: order.orderNumber })}</h2>
      <p>
        {tr('farmOrder.colStatus')}: {tr(`customerTests.status_${order.status}`)} · {tr('farmOrder.colTotal')}
        : {formatPrice(order.totalPrice, lang)}
      </p>
      {view === 'transfer' ? (
        <>
          <TransferDetails payment={payment} order={order} tr={tr} />
          {payment.canPayAgain && actions}
        </>
      ) : (
        <div
          role={tone === 'failed' ? 'alert' : 'status'}
          className={`farm-order__outcome${tone ? ` farm-order__outcome--${tone}` : ''}`}
        >
          <h3>{tr(`farmOrder.${view}`)}</h3>
          {view === 'failed' && registrationError && <p>{tr(`errors.${registrationError}`)}</p>}
          {hint && <p>{tr(hint)}</p>}
          {view === 'pending' && session?.expiresAt && (
            <p className="muted">
              {tr('farmOrder.expiresAt', {
                time: new Date(session.expiresAt).toLocaleTimeString(LOCALE[lang], {
                  hour: '2-digit',
                  minute: '2-digit',
                }),
              })}
            </p>
          )}
          {/* Opened from the orders while a session is open (its tab closed?): the ways on at once. */}
          {(UNPAID.has(view) || (view === 'pending' && !returned)) && actions}
        </div>
      )}
      <FormError>{actionError}</FormError>
      <div className="results-actions">
        <Link to="/orders" className="gl-button gl-button--secondary">
          {tr('farmOrder.toOrders')}
        </Link>
        {canTransition(FARM_TRANSITIONS, order.status, 'ORDER_CANCELLED', 'USER') && (
          <CancelOrderButton orderId={order.id} />
        )}
        <Link to="/soil-tests" className="gl-button gl-button--secondary">
          {tr('farmOrder.toTests')}
        </Link>
      </div>
    </section>
  );
}

/** Spec: a customer may cancel an order after a confirmation (until its kit is sent). */
function CancelOrderButton({ orderId }: { orderId: string }) {
  const tr = useT();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return (
    <ConfirmedActionButton
      label={tr('farmOrder.cancelOrder')}
      secondary
      danger
      title={tr('farmOrder.cancelOrderTitle')}
      action={async () => {
        await cancelOrder(orderId);
        // The order, the lists and the tests it shows in all read it again (the cache never goes stale).
        void mutate(() => true);
        toast.success(tr('farmOrder.orderCancelled'));
        navigate('/orders');
      }}
    >
      <p>{tr('farmOrder.cancelOrderText')}</p>
    </ConfirmedActionButton>
  );
}

/**
 * `/orders/payment-return`: Przelewy24's `urlReturn`. The orders service puts the order's id in it
 * (`?orderId=`); a fixed `P24_RETURN_URL` cannot, so the id the wizard kept in this tab's session
 * is the fallback. Opens the order's payment page as "returned from Przelewy24".
 */
export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const id = params.get('orderId') || sessionStorage.getItem(PENDING_PAYMENT_KEY);
  return <Navigate to={id ? `/orders/${encodeURIComponent(id)}/payment?returned=1` : '/orders'} replace />;
}
