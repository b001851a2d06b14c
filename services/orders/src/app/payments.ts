import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { OrdersErrorCode, type PaymentMethod, type TP24Notification } from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import type { Database } from '../db/database';
import { P24Error } from '../payments/p24.client';
import type { Deps } from './deps';
import { markFarmOrderPaid } from './farm-orders';
import { markKitOrderPaid } from './kit-orders';

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
  await deps.ctx.db
    .insertInto('failed_orders')
    .values({
      id: randomUUID(),
      subject_kind: kind,
      subject_id: subjectId,
      error_type: errorType,
      error_message: message.slice(0, 1000),
    })
    .onConflict((oc) =>
      oc.columns(['subject_id', 'error_type']).doUpdateSet({
        error_message: message.slice(0, 1000),
        attempts: sql`failed_orders.attempts + 1`,
        updated_at: new Date(),
      }),
    )
    .execute();
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
 * (`/orders/payment-return`, which opens the order paid in that tab), a garden kit to the tests.
 */
export function returnUrl(customerAppUrl: string, kind: PaymentSubject): string {
  return `${customerAppUrl.replace(/\/$/, '')}${kind === 'FARM' ? '/orders/payment-return' : '/soil-tests'}`;
}

/**
 * Registers an online payment with Przelewy24 and returns where to send the customer. A failure
 * leaves the order awaiting payment, keeps a failed-order record, and can be retried.
 */
export async function startOnlinePayment(
  deps: Deps,
  subject: { kind: PaymentSubject; id: string; orderNumber: string; amount: number },
  customer: { email: string; language: 'pl' | 'en' | 'uk' },
): Promise<PaymentInstructions> {
  const sessionId = randomUUID();
  await deps.ctx.db
    .insertInto('payments')
    .values({
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
    })
    .execute();
  try {
    const { token, redirectUrl } = await deps.p24.register({
      sessionId,
      amount: subject.amount,
      description: `Gleba ${subject.orderNumber}`,
      email: customer.email,
      language: customer.language,
      urlReturn: deps.ctx.config.P24_RETURN_URL ?? returnUrl(deps.ctx.config.CUSTOMER_APP_URL, subject.kind),
      urlStatus: `${deps.ctx.config.PUBLIC_API_URL.replace(/\/$/, '')}/payments/p24/notify`,
    });
    await deps.ctx.db
      .updateTable('payments')
      .set({ status: 'REGISTERED', token })
      .where('session_id', '=', sessionId)
      .execute();
    return { method: 'ONLINE_BANK_TRANSFER', redirectUrl, bankTransfer: null, error: null };
  } catch (error) {
    const type = error instanceof P24Error ? error.type : 'REGISTER_FAILED';
    const message = (error as Error).message;
    await deps.ctx.db
      .updateTable('payments')
      .set({ status: 'FAILED' })
      .where('session_id', '=', sessionId)
      .execute();
    await recordFailure(deps, subject.kind, subject.id, type, message);
    deps.ctx.logger.warn({ err: error, orderNumber: subject.orderNumber }, 'payment registration failed');
    return { method: 'ONLINE_BANK_TRANSFER', redirectUrl: null, bankTransfer: null, error: 'paymentFailed' };
  }
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
 * Przelewy24's notification: signature, then amount, then the mandatory verify, then the order is
 * paid. Idempotent: a repeated notification of a verified payment changes nothing.
 */
export async function handleP24Notification(
  deps: Deps,
  n: TP24Notification,
): Promise<{ status: 'OK'; duplicate: boolean }> {
  if (!deps.p24.checkNotification(n))
    throw new AppError(OrdersErrorCode.invalidPaymentSignature, 400, 'Invalid notification signature');
  const payment = await deps.ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('session_id', '=', n.sessionId)
    .executeTakeFirst();
  if (!payment) throw new AppError(OrdersErrorCode.paymentNotFound, 404, 'Unknown payment session');
  if (payment.status === 'VERIFIED') return { status: 'OK', duplicate: true };
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
  try {
    await deps.p24.verify({ sessionId: n.sessionId, orderId: n.orderId, amount: payment.amount });
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
  return deps.ctx.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.status === 'VERIFIED') return { status: 'OK' as const, duplicate: true };
    await trx
      .updateTable('payments')
      .set({ status: 'VERIFIED', provider_order_id: n.orderId, verified_at: new Date() })
      .where('id', '=', payment.id)
      .execute();
    await markSubjectPaid(trx, deps, payment.subject_kind as PaymentSubject, payment.subject_id, null);
    return { status: 'OK' as const, duplicate: false };
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
