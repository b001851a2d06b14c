import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  OrdersErrorCode,
  PaymentRefundDueV1,
  PaymentSessionEndedV1,
  type PaymentMethod,
  type PaymentSessionStatus,
  type TFarmOrder,
  type TOrderPayment,
  type TP24Notification,
} from '@gleba/contracts';
import { AppError, conflict } from '@gleba/platform';
import type { Database, PaymentsTable } from '../db/database';
import {
  endPaymentSession,
  expiredOpenSessions,
  insertPayment,
  latestPaymentOf,
  lockFarmOrderPayment,
  lockKitOrderPayment,
  lockOpenSessions,
  lockPayment,
  markRegistered,
  markRegistrationFailed,
  paymentBySession,
  paymentsOf,
  refundDueToRefunded,
  setFarmOrderPaymentMethod,
  setFarmOrderRefundDue,
  setFarmOrderRefunded,
  setUnpaidFarmOrderRefundDue,
  settleSession,
  transferPaidOnline,
  upsertFailure,
  verifiedToRefundDue,
} from '../db/repositories/payments.repository';
import {
  OPEN_SESSION_STATUSES,
  awaitsPayment,
  canMoveSession,
  isSettled,
  paymentChoices,
  paymentOutcome,
  settle,
  timeLimitMinutes,
  type UnpaidEnd,
} from '../domain/payment-sessions';
import { P24Error } from '../adapters/p24.client';
import type { Deps } from './deps';
import { getFarmOrderRow, markFarmOrderPaid, toFarmOrder, type FarmOrderRow } from './farm-orders';
import { kitOrderById, markKitOrderPaid } from './kit-orders';

type PaymentRow = Selectable<PaymentsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** What a payment pays for: a farm order or a garden kit order. */
export type PaymentSubject = 'FARM' | 'KIT';

export interface PaymentInstructions {
  method: PaymentMethod;
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

/** Keeps one failed-order record per order and kind of failure, counting the attempts. */
export async function recordFailure(
  deps: Deps,
  kind: PaymentSubject,
  subjectId: string,
  errorType: string,
  message: string,
): Promise<void> {
  await upsertFailure(deps.ctx.db, {
    id: randomUUID(),
    subject_kind: kind,
    subject_id: subjectId,
    error_type: errorType,
    error_message: message.slice(0, 1000),
  });
}

export function bankTransfer(deps: Deps, orderNumber: string, amount: number, dueDate: Date | string | null) {
  return {
    accountNumber: deps.ctx.config.BANK_ACCOUNT_NUMBER,
    recipient: deps.ctx.config.BANK_RECIPIENT,
    transferTitle: `Gleba ${orderNumber}`,
    amount,
    dueDate: dueDate ? new Date(dueDate).toISOString() : null,
  };
}

/**
 * Where Przelewy24 sends the customer back: a farm order to the customer app's payment result page
 * (`/orders/payment-return?orderId=`, which opens that order's payment page), a garden kit to the tests.
 */
export function returnUrl(customerAppUrl: string, kind: PaymentSubject, id: string): string {
  const base = customerAppUrl.replace(/\/$/, '');
  return kind === 'FARM'
    ? `${base}/orders/payment-return?orderId=${encodeURIComponent(id)}`
    : `${base}/soil-tests`;
}

/**
 * Registers an online payment with Przelewy24 and returns where to send the customer. The session
 * may be paid for `PAYMENT_SESSION_TTL_MS` (Przelewy24's `timeLimit` too). A failure leaves the
 * order awaiting payment, keeps a failed-order record, and can be retried.
 */
export async function startOnlinePayment(
  deps: Deps,
  subject: { kind: PaymentSubject; id: string; orderNumber: string; amount: number },
  customer: { email: string; language: 'pl' | 'en' | 'uk' },
): Promise<PaymentInstructions> {
  const sessionId = randomUUID();
  const ttl = deps.ctx.config.PAYMENT_SESSION_TTL_MS;
  await insertPayment(deps.ctx.db, {
    id: randomUUID(),
    subject_kind: subject.kind,
    subject_id: subject.id,
    session_id: sessionId,
    amount: subject.amount,
    currency: 'PLN',
    status: 'REGISTERING',
    token: null,
    provider_order_id: null,
    verified_at: null,
    expires_at: new Date(Date.now() + ttl),
  });
  try {
    const { token, redirectUrl } = await deps.p24.register({
      sessionId,
      amount: subject.amount,
      description: `Gleba ${subject.orderNumber}`,
      email: customer.email,
      language: customer.language,
      urlReturn:
        deps.ctx.config.P24_RETURN_URL ??
        returnUrl(deps.ctx.config.CUSTOMER_APP_URL, subject.kind, subject.id),
      urlStatus: `${deps.ctx.config.PUBLIC_API_URL.replace(/\/$/, '')}/payments/p24/notify`,
      timeLimit: timeLimitMinutes(ttl),
    });
    // Only a session still registering becomes payable (the order may have been cancelled meanwhile).
    await markRegistered(deps.ctx.db, sessionId, token);
    return { method: 'ONLINE_BANK_TRANSFER', redirectUrl, bankTransfer: null, error: null };
  } catch (error) {
    const type = error instanceof P24Error ? error.type : 'REGISTER_FAILED';
    const message = (error as Error).message;
    await markRegistrationFailed(deps.ctx.db, sessionId);
    await recordFailure(deps, subject.kind, subject.id, type, message);
    deps.ctx.logger.warn({ err: error, orderNumber: subject.orderNumber }, 'payment registration failed');
    return { method: 'ONLINE_BANK_TRANSFER', redirectUrl: null, bankTransfer: null, error: 'paymentFailed' };
  }
}

interface SubjectInfo {
  orderNumber: string;
  userId: string | null;
  cancelled: boolean;
  paid: boolean;
}

/** Locks the order a payment is for (always before its payments: one lock order, no deadlock). */
async function lockSubject(
  trx: Transaction<Database>,
  kind: PaymentSubject,
  id: string,
): Promise<SubjectInfo | null> {
  if (kind === 'FARM') {
    const o = await lockFarmOrderPayment(trx, id);
    return o
      ? {
          orderNumber: o.order_number,
          userId: o.user_id,
          cancelled: o.status === 'ORDER_CANCELLED',
          paid: o.payment_status !== 'PENDING' && o.payment_status !== 'COLLECTION',
        }
      : null;
  }
  const k = await lockKitOrderPayment(trx, id);
  return k
    ? { orderNumber: k.order_number, userId: k.user_id, cancelled: false, paid: k.payment_status === 'PAID' }
    : null;
}

/**
 * Ends the open sessions of an order without a payment (inside the caller's transaction, the order
 * already locked) and announces each. Returns how many ended.
 */
export async function endOpenSessions(
  trx: Transaction<Database>,
  deps: Deps,
  subject: { kind: PaymentSubject; id: string; orderNumber: string; userId: string | null },
  outcome: UnpaidEnd,
): Promise<number> {
  const open = await lockOpenSessions(trx, subject.id, OPEN_SESSION_STATUSES);
  const now = new Date();
  for (const p of open) {
    if (!canMoveSession(p.status as PaymentSessionStatus, outcome)) continue;
    await endPaymentSession(trx, p.id, outcome, now);
    await deps.ctx.outbox.publish(trx, PaymentSessionEndedV1, {
      orderId: subject.id,
      orderNumber: subject.orderNumber,
      userId: subject.userId,
      kind: subject.kind === 'FARM' ? 'FARM' : 'GARDEN',
      sessionId: p.session_id,
      outcome,
      amountGrosze: p.amount,
      endedAt: now.toISOString(),
    });
  }
  return open.length;
}

/**
 * A paid order is cancelled (inside the caller's transaction, the order locked): its payment is
 * to be returned. The verified online session, if any, becomes REFUND_DUE; a transfer has none.
 */
export async function refundPaidOrder(
  trx: Transaction<Database>,
  deps: Deps,
  subject: { kind: 'FARM'; id: string; orderNumber: string; userId: string },
  amount: number,
): Promise<void> {
  const now = new Date();
  const verified = await verifiedToRefundDue(trx, subject.id);
  await setFarmOrderRefundDue(trx, subject.id, now);
  await deps.ctx.outbox.publish(trx, PaymentRefundDueV1, {
    orderId: subject.id,
    orderNumber: subject.orderNumber,
    userId: subject.userId,
    kind: 'FARM',
    sessionId: verified[0]?.session_id ?? `transfer:${subject.id}`,
    reason: 'ORDER_CANCELLED',
    amountGrosze: verified[0]?.amount ?? amount,
    receivedAt: now.toISOString(),
  });
}

/** Ends one session without a payment when it is still open (rejected, abandoned, expired). */
async function endSession(deps: Deps, payment: PaymentRow, outcome: UnpaidEnd): Promise<boolean> {
  return deps.ctx.db.transaction().execute(async (trx) => {
    const subject = await lockSubject(trx, payment.subject_kind as PaymentSubject, payment.subject_id);
    const locked = await lockPayment(trx, payment.id);
    if (!subject || !canMoveSession(locked.status as PaymentSessionStatus, outcome)) return false;
    if (!OPEN_SESSION_STATUSES.includes(locked.status as PaymentSessionStatus)) return false;
    const now = new Date();
    await endPaymentSession(trx, payment.id, outcome, now);
    await deps.ctx.outbox.publish(trx, PaymentSessionEndedV1, {
      orderId: payment.subject_id,
      orderNumber: subject.orderNumber,
      userId: subject.userId,
      kind: payment.subject_kind === 'FARM' ? 'FARM' : 'GARDEN',
      sessionId: payment.session_id,
      outcome,
      amountGrosze: payment.amount,
      endedAt: now.toISOString(),
    });
    return true;
  });
}

/**
 * A payment Przelewy24 has taken (its notification, or its answer when asked): the mandatory
 * verify, then in one transaction, the order locked first, what the money does (decision 0039):
 * it pays an order awaiting payment; for a cancelled order or one already paid it is recorded as
 * to be refunded (session and order REFUND_DUE) and announced. Idempotent.
 */
async function settlePayment(
  deps: Deps,
  payment: PaymentRow,
  providerOrderId: number,
): Promise<{ status: 'OK'; duplicate: boolean }> {
  if (isSettled(payment.status as PaymentSessionStatus)) return { status: 'OK', duplicate: true };
  try {
    await deps.p24.verify({
      sessionId: payment.session_id,
      orderId: providerOrderId,
      amount: payment.amount,
    });
  } catch (error) {
    await recordFailure(
      deps,
      payment.subject_kind as PaymentSubject,
      payment.subject_id,
      'VERIFY_FAILED',
      (error as Error).message,
    );
    throw new AppError(OrdersErrorCode.paymentFailed, 502, 'Payment verification failed');
  }
  const kind = payment.subject_kind as PaymentSubject;
  return deps.ctx.db.transaction().execute(async (trx) => {
    const subject = await lockSubject(trx, kind, payment.subject_id);
    const locked = await lockPayment(trx, payment.id);
    if (!subject || isSettled(locked.status as PaymentSessionStatus))
      return { status: 'OK' as const, duplicate: true };
    const now = new Date();
    const outcome = settle(subject);
    if (outcome.kind === 'REFUND_DUE') {
      await settleSession(trx, payment.id, 'REFUND_DUE', providerOrderId, now);
      if (kind === 'FARM' && outcome.reason === 'ORDER_CANCELLED')
        await setUnpaidFarmOrderRefundDue(trx, payment.subject_id, now);
      await deps.ctx.outbox.publish(trx, PaymentRefundDueV1, {
        orderId: payment.subject_id,
        orderNumber: subject.orderNumber,
        userId: subject.userId,
        kind: kind === 'FARM' ? 'FARM' : 'GARDEN',
        sessionId: payment.session_id,
        reason: outcome.reason,
        amountGrosze: payment.amount,
        receivedAt: now.toISOString(),
      });
      deps.ctx.logger.warn(
        { orderNumber: subject.orderNumber, sessionId: payment.session_id, reason: outcome.reason },
        'payment received that the order cannot keep: refund due',
      );
      return { status: 'OK' as const, duplicate: false };
    }
    await settleSession(trx, payment.id, 'VERIFIED', providerOrderId, now);
    // Paid online after switching to a transfer: the order is paid online after all.
    if (kind === 'FARM') await transferPaidOnline(trx, payment.subject_id);
    // Any other session still open is not needed any more.
    await endOpenSessions(
      trx,
      deps,
      { kind, id: payment.subject_id, orderNumber: subject.orderNumber, userId: subject.userId },
      'ABANDONED',
    );
    await markSubjectPaid(trx, deps, kind, payment.subject_id, null);
    return { status: 'OK' as const, duplicate: false };
  });
}

async function markSubjectPaid(
  trx: Transaction<Database>,
  deps: Deps,
  kind: PaymentSubject,
  id: string,
  byUserId: string | null,
) {
  return kind === 'FARM'
    ? markFarmOrderPaid(trx, deps, id, byUserId)
    : markKitOrderPaid(trx, deps, id, byUserId);
}

/**
 * Przelewy24's notification: signature, then amount, then settlement (verify, then pay or record
 * a refund due). Idempotent: a repeated notification of a settled payment changes nothing.
 */
export async function handleP24Notification(
  deps: Deps,
  n: TP24Notification,
): Promise<{ status: 'OK'; duplicate: boolean }> {
  if (!deps.p24.checkNotification(n))
    throw new AppError(OrdersErrorCode.invalidPaymentSignature, 400, 'Invalid notification signature');
  const payment = await paymentBySession(deps.ctx.db, n.sessionId);
  if (!payment) throw new AppError(OrdersErrorCode.paymentNotFound, 404, 'Unknown payment session');
  if (isSettled(payment.status as PaymentSessionStatus)) return { status: 'OK', duplicate: true };
  if (n.amount !== payment.amount || n.currency !== payment.currency) {
    await recordFailure(
      deps,
      payment.subject_kind as PaymentSubject,
      payment.subject_id,
      'AMOUNT_MISMATCH',
      `Notified ${n.amount} ${n.currency}, expected ${payment.amount} ${payment.currency}`,
    );
    throw new AppError(
      OrdersErrorCode.paymentAmountMismatch,
      400,
      'The notified amount does not match the payment',
    );
  }
  return settlePayment(deps, payment, n.orderId);
}

/**
 * Asks Przelewy24 about an open session: paid (the notification may be late) settles it, a
 * refused payment ends it REJECTED; `final` (the customer's page stopped waiting) ends a session
 * still unpaid as ABANDONED. A silent provider changes nothing.
 */
export async function reconcileSession(
  deps: Deps,
  payment: PaymentRow,
  options: { final: boolean; expire?: boolean },
): Promise<void> {
  if (payment.status !== 'REGISTERED') return;
  const state = await deps.p24.transactionState(payment.session_id);
  if (state.state === 'PAID') {
    if (state.amount === payment.amount && state.currency === payment.currency) {
      try {
        await settlePayment(deps, payment, state.orderId);
        return;
      } catch (error) {
        deps.ctx.logger.warn({ err: error, sessionId: payment.session_id }, 'settling a paid session failed');
        return;
      }
    }
    await recordFailure(
      deps,
      payment.subject_kind as PaymentSubject,
      payment.subject_id,
      'AMOUNT_MISMATCH',
      `Przelewy24 reports ${state.amount} ${state.currency}, expected ${payment.amount} ${payment.currency}`,
    );
    return;
  }
  if (state.state === 'REJECTED') {
    await endSession(deps, payment, 'REJECTED');
    return;
  }
  if (options.expire) {
    await endSession(deps, payment, 'EXPIRED');
    return;
  }
  if (options.final && state.state === 'NOT_PAID') await endSession(deps, payment, 'ABANDONED');
}

async function latestSession(db: Db, subjectId: string): Promise<PaymentRow | null> {
  return latestPaymentOf(db, subjectId);
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The payment part of a farm order's answer: instructions, outcome, latest session, choices. */
export async function orderPayment(deps: Deps, o: FarmOrderRow): Promise<TOrderPayment> {
  const latest = await latestSession(deps.ctx.db, o.id);
  const view = { status: o.status, paymentMethod: o.payment_method, paymentStatus: o.payment_status };
  const outcome = paymentOutcome(view, (latest?.status as PaymentSessionStatus | undefined) ?? null);
  const transfer =
    o.payment_method !== 'ONLINE_BANK_TRANSFER' &&
    (o.payment_status === 'PENDING' || o.payment_status === 'COLLECTION') &&
    o.status !== 'ORDER_CANCELLED';
  return {
    method: o.payment_method as PaymentMethod,
    redirectUrl: null,
    bankTransfer: transfer ? bankTransfer(deps, o.order_number, o.total_price, o.payment_due_date) : null,
    error: null,
    outcome,
    session: latest
      ? {
          status: latest.status as PaymentSessionStatus,
          amount: latest.amount,
          startedAt: iso(latest.created_at)!,
          expiresAt: iso(latest.expires_at),
          endedAt: iso(latest.ended_at),
        }
      : null,
    ...paymentChoices(view),
  };
}

/** A farm order with its payment: instructions, the outcome the payment page shows, the choices. */
export async function farmOrderWithPayment(
  deps: Deps,
  row: FarmOrderRow,
): Promise<{ order: TFarmOrder; payment: TOrderPayment }> {
  return { order: await toFarmOrder(deps.ctx.db, row), payment: await orderPayment(deps, row) };
}

/** The customer's own farm order, with its payment. */
export async function myFarmOrder(deps: Deps, userId: string, orderId: string) {
  return farmOrderWithPayment(deps, await getFarmOrderRow(deps.ctx.db, orderId, userId));
}

/** `POST /api/orders/{id}/payment/check`: what the return page asks while it waits (decision 0039). */
export async function checkOrderPayment(deps: Deps, orderId: string, userId: string, final: boolean) {
  const row = await getFarmOrderRow(deps.ctx.db, orderId, userId);
  const latest = await latestSession(deps.ctx.db, row.id);
  if (latest && latest.status === 'REGISTERED' && awaitsPayment(orderView(row)))
    await reconcileSession(deps, latest, { final });
  return myFarmOrder(deps, userId, orderId);
}

const orderView = (o: FarmOrderRow) => ({
  status: o.status,
  paymentMethod: o.payment_method,
  paymentStatus: o.payment_status,
});

/**
 * "Pay again": the order must still await payment; its open sessions end ABANDONED and a new one
 * is registered. A traditional transfer not yet paid may switch back to paying online.
 */
export async function payFarmOrderAgain(
  deps: Deps,
  orderId: string,
  customer: { userId: string; email: string; language: 'pl' | 'en' | 'uk' },
): Promise<PaymentInstructions> {
  const row = await deps.ctx.db.transaction().execute(async (trx) => {
    await lockSubject(trx, 'FARM', orderId);
    const o = await getFarmOrderRow(trx, orderId, customer.userId);
    refuseUnlessAwaiting(o);
    if (o.payment_method !== 'ONLINE_BANK_TRANSFER' && o.payment_method !== 'TRADITIONAL_TRANSFER')
      throw conflict(OrdersErrorCode.paymentMethodMismatch, 'A deferred transfer is paid by transfer');
    await endOpenSessions(
      trx,
      deps,
      { kind: 'FARM', id: o.id, orderNumber: o.order_number, userId: o.user_id },
      'ABANDONED',
    );
    if (o.payment_method !== 'ONLINE_BANK_TRANSFER')
      await setFarmOrderPaymentMethod(trx, o.id, 'ONLINE_BANK_TRANSFER');
    return o;
  });
  return startOnlinePayment(
    deps,
    { kind: 'FARM', id: row.id, orderNumber: row.order_number, amount: row.total_price },
    { email: customer.email, language: customer.language },
  );
}

function refuseUnlessAwaiting(o: FarmOrderRow): void {
  if (o.status === 'ORDER_CANCELLED')
    throw conflict(OrdersErrorCode.cancelNotAllowed, 'The order is cancelled');
  if (o.payment_status === 'PAID') throw conflict(OrdersErrorCode.alreadyPaid, 'Already paid');
  if (!awaitsPayment(orderView(o)))
    throw conflict(OrdersErrorCode.paymentNotAwaited, 'The order does not await a payment');
}

/** "Pay by traditional transfer instead": open online sessions end ABANDONED; bank details follow. */
export async function switchToTransfer(deps: Deps, orderId: string, userId: string) {
  const row = await deps.ctx.db.transaction().execute(async (trx) => {
    await lockSubject(trx, 'FARM', orderId);
    const o = await getFarmOrderRow(trx, orderId, userId);
    refuseUnlessAwaiting(o);
    if (o.payment_method === 'TRADITIONAL_TRANSFER') return o;
    if (o.payment_method !== 'ONLINE_BANK_TRANSFER')
      throw conflict(OrdersErrorCode.paymentMethodMismatch, 'Not an online payment');
    await endOpenSessions(
      trx,
      deps,
      { kind: 'FARM', id: o.id, orderNumber: o.order_number, userId: o.user_id },
      'ABANDONED',
    );
    return setFarmOrderPaymentMethod(trx, o.id, 'TRADITIONAL_TRANSFER');
  });
  return farmOrderWithPayment(deps, row);
}

/**
 * The expiry sweep: open sessions past their time are asked about once more (a payment made
 * settles), else end EXPIRED, which the notification service tells the customer. Returns how many
 * sessions it looked at.
 */
export async function expirePaymentSessions(deps: Deps, limit = 100): Promise<number> {
  const due = await expiredOpenSessions(deps.ctx.db, OPEN_SESSION_STATUSES, limit);
  for (const p of due) {
    try {
      // A registration that never finished has nothing to ask Przelewy24 about.
      if (p.status === 'REGISTERING') await endSession(deps, p, 'EXPIRED');
      else await reconcileSession(deps, p, { final: true, expire: true });
    } catch (error) {
      deps.ctx.logger.warn({ err: error, sessionId: p.session_id }, 'payment session expiry failed');
    }
  }
  return due.length;
}

/** All sessions of an order, newest first (the admin order detail). */
export async function sessionsOf(db: Db, subjectId: string) {
  const rows = await paymentsOf(db, subjectId);
  return rows.map((p) => ({
    sessionId: p.session_id,
    status: p.status as PaymentSessionStatus,
    amount: p.amount,
    startedAt: iso(p.created_at)!,
    expiresAt: iso(p.expires_at),
    endedAt: iso(p.ended_at),
    verifiedAt: iso(p.verified_at),
    providerOrderId: p.provider_order_id === null ? null : Number(p.provider_order_id),
  }));
}

/** An admin records that the money of a REFUND_DUE payment was returned. */
export async function adminMarkRefunded(deps: Deps, orderId: string): Promise<void> {
  await deps.ctx.db.transaction().execute(async (trx) => {
    await lockSubject(trx, 'FARM', orderId);
    const due = await refundDueToRefunded(trx, orderId);
    const order = await setFarmOrderRefunded(trx, orderId);
    if (!due.length && !order.length)
      throw conflict(OrdersErrorCode.refundNotDue, 'No payment of this order is to be refunded');
  });
}

/** An admin records a bank transfer (traditional or deferred) as received. */
export async function adminMarkPaid(
  deps: Deps,
  kind: PaymentSubject,
  id: string,
  adminId: string,
): Promise<void> {
  await deps.ctx.db.transaction().execute(async (trx) => {
    const changed = await markSubjectPaid(trx, deps, kind, id, adminId);
    if (!changed) throw new AppError(OrdersErrorCode.alreadyPaid, 409, 'Already paid');
  });
}

/** An admin records a kit order's transfer as received; returns the kit order. */
export async function adminMarkKitOrderPaid(deps: Deps, id: string, adminId: string) {
  await adminMarkPaid(deps, 'KIT', id, adminId);
  return kitOrderById(deps, id);
}
