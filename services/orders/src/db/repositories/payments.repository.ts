import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { FailedOrdersTable, Database, PaymentsTable } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

/** The failed payment records of an order. */
export async function failedOrdersOf(db: Db, subjectId: string) {
  return db.selectFrom('failed_orders').selectAll().where('subject_id', '=', subjectId).execute();
}

/** One failed-order record per order and kind of failure: a repeat counts an attempt more. */
export async function upsertFailure(db: Db, values: Insertable<FailedOrdersTable>) {
  await db
    .insertInto('failed_orders')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['subject_id', 'error_type']).doUpdateSet({
        error_message: values.error_message,
        attempts: sql`failed_orders.attempts + 1`,
        updated_at: new Date(),
      }),
    )
    .execute();
}

export async function insertPayment(db: Db, values: Insertable<PaymentsTable>) {
  await db.insertInto('payments').values(values).execute();
}

/** Only a session still registering becomes payable (the order may have been cancelled meanwhile). */
export async function markRegistered(db: Db, sessionId: string, token: string) {
  await db
    .updateTable('payments')
    .set({ status: 'REGISTERED', token })
    .where('session_id', '=', sessionId)
    .where('status', '=', 'REGISTERING')
    .execute();
}

export async function markRegistrationFailed(db: Db, sessionId: string) {
  await db
    .updateTable('payments')
    .set({ status: 'FAILED', ended_at: new Date() })
    .where('session_id', '=', sessionId)
    .execute();
}

/** Locks a farm order (FOR UPDATE) for its payment: number, owner, status and payment status. */
export async function lockFarmOrderPayment(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('farm_orders')
    .select(['order_number', 'user_id', 'status', 'payment_status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Locks a kit order (FOR UPDATE) for its payment: number, owner and payment status. */
export async function lockKitOrderPayment(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('kit_orders')
    .select(['order_number', 'user_id', 'payment_status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Locks an order's sessions whose status is one of `open` (FOR UPDATE). */
export async function lockOpenSessions(
  trx: Transaction<Database>,
  subjectId: string,
  open: readonly string[],
) {
  return trx
    .selectFrom('payments')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .where('status', 'in', [...open])
    .forUpdate()
    .execute();
}

export async function endPaymentSession(
  trx: Transaction<Database>,
  paymentId: string,
  outcome: string,
  at: Date,
) {
  await trx
    .updateTable('payments')
    .set({ status: outcome, ended_at: at })
    .where('id', '=', paymentId)
    .execute();
}

/** The order's VERIFIED session becomes REFUND_DUE; returns its session id and amount. */
export async function verifiedToRefundDue(trx: Transaction<Database>, subjectId: string) {
  return trx
    .updateTable('payments')
    .set({ status: 'REFUND_DUE' })
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'VERIFIED')
    .returning(['session_id', 'amount'])
    .execute();
}

export async function setFarmOrderRefundDue(trx: Transaction<Database>, orderId: string, at: Date) {
  await trx
    .updateTable('farm_orders')
    .set({ payment_status: 'REFUND_DUE', updated_at: at })
    .where('id', '=', orderId)
    .execute();
}

/** Locks the payment `id` (FOR UPDATE). */
export async function lockPayment(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** A verified session ends with `status` (VERIFIED or REFUND_DUE). */
export async function settleSession(
  trx: Transaction<Database>,
  paymentId: string,
  status: 'VERIFIED' | 'REFUND_DUE',
  providerOrderId: number,
  at: Date,
) {
  await trx
    .updateTable('payments')
    .set({ status, provider_order_id: providerOrderId, verified_at: at, ended_at: at })
    .where('id', '=', paymentId)
    .execute();
}

/** A farm order still awaiting payment (PENDING, COLLECTION) becomes REFUND_DUE. */
export async function setUnpaidFarmOrderRefundDue(trx: Transaction<Database>, orderId: string, at: Date) {
  await trx
    .updateTable('farm_orders')
    .set({ payment_status: 'REFUND_DUE', updated_at: at })
    .where('id', '=', orderId)
    .where('payment_status', 'in', ['PENDING', 'COLLECTION'])
    .execute();
}

/** Paid online after switching to a transfer: the order is paid online after all. */
export async function transferPaidOnline(trx: Transaction<Database>, orderId: string) {
  await trx
    .updateTable('farm_orders')
    .set({ payment_method: 'ONLINE_BANK_TRANSFER' })
    .where('id', '=', orderId)
    .where('payment_method', '=', 'TRADITIONAL_TRANSFER')
    .execute();
}

export async function paymentBySession(db: Db, sessionId: string) {
  return db.selectFrom('payments').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

/** The order's newest session, if any. */
export async function latestPaymentOf(db: Db, subjectId: string) {
  return (
    (await db
      .selectFrom('payments')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/** Sets a farm order's payment method and returns the order. */
export async function setFarmOrderPaymentMethod(
  trx: Transaction<Database>,
  orderId: string,
  method: 'ONLINE_BANK_TRANSFER' | 'TRADITIONAL_TRANSFER',
) {
  return trx
    .updateTable('farm_orders')
    .set({ payment_method: method, updated_at: new Date() })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Open sessions (status in `open`) past their time, the oldest first, at most `limit`. */
export async function expiredOpenSessions(db: Db, open: readonly string[], limit: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', [...open])
    .where('expires_at', '<', new Date())
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** All sessions of an order, newest first. */
export async function paymentsOf(db: Db, subjectId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function refundDueToRefunded(trx: Transaction<Database>, orderId: string) {
  return trx
    .updateTable('payments')
    .set({ status: 'REFUNDED' })
    .where('subject_id', '=', orderId)
    .where('status', '=', 'REFUND_DUE')
    .returning('id')
    .execute();
}

export async function setFarmOrderRefunded(trx: Transaction<Database>, orderId: string) {
  return trx
    .updateTable('farm_orders')
    .set({ payment_status: 'REFUNDED', updated_at: new Date() })
    .where('id', '=', orderId)
    .where('payment_status', '=', 'REFUND_DUE')
    .returning('id')
    .execute();
}
