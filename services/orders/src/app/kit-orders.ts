import { randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import {
  OrderPaidV1,
  OrdersErrorCode,
  pageMeta,
  type TCreateKitOrderBody,
  type TDeliveryAddress,
} from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import type { Database, KitOrdersTable } from '../db/database';
import { barcodesOfBatch, batchOfKitOrder } from '../db/repositories/barcodes.repository';
import {
  findOwnedKitOrder,
  getKitOrder,
  insertKitOrder,
  kitOrdersPage,
  lockKitOrder,
  setKitOrderPaid,
} from '../db/repositories/kit-orders.repository';
import { getContact } from '../db/repositories/read-models.repository';
import { createBatch } from './barcodes';
import type { Deps } from './deps';
import { nextOrderNumber } from './farm-orders';
import { orderNotFound } from './errors';

export type KitOrderRow = Selectable<KitOrdersTable>;

/** A customer buys garden kits online; their barcodes exist (paid) once the payment is confirmed. */
export async function placeKitOrder(
  deps: Deps,
  auth: { userId: string; email: string },
  body: TCreateKitOrderBody,
): Promise<KitOrderRow> {
  const contact = await getContact(deps.ctx.db, auth.userId);
  const a = contact?.address as Partial<TDeliveryAddress> | null | undefined;
  const address =
    body.deliveryAddress ?? (a?.cityName && a.postCode && a.streetName && a.buildingNumber ? a : null);
  if (!address)
    throw new AppError(OrdersErrorCode.incompleteUserData, 409, 'Incomplete user data: no delivery address');
  return deps.ctx.db.transaction().execute(async (trx) =>
    insertKitOrder(trx, {
      id: randomUUID(),
      order_number: await nextOrderNumber(trx, 'ZK'),
      user_id: auth.userId,
      quantity: body.quantity,
      price: body.quantity * deps.prices.garden.kit,
      payment_method: body.paymentMethod,
      payment_status: 'PENDING',
      delivery_address: JSON.stringify(address),
      paid_at: null,
    }),
  );
}

export async function markKitOrderPaid(
  trx: Transaction<Database>,
  deps: Deps,
  id: string,
  _byUserId: string | null,
): Promise<boolean> {
  const order = await lockKitOrder(trx, id);
  if (!order) throw orderNotFound();
  if (order.payment_status === 'PAID') return false;
  const paidAt = new Date();
  await setKitOrderPaid(trx, id, paidAt);
  await createBatch(trx, { count: order.quantity, retail: false, paid: true, kitOrderId: id });
  await deps.ctx.outbox.publish(trx, OrderPaidV1, {
    orderId: id,
    orderNumber: order.order_number,
    userId: order.user_id,
    kind: 'GARDEN',
    paymentMethod: order.payment_method as 'ONLINE_BANK_TRANSFER' | 'TRADITIONAL_TRANSFER',
    amountGrosze: order.price,
    paidAt: paidAt.toISOString(),
  });
  return true;
}

export async function toKitOrder(deps: Deps, row: KitOrderRow) {
  const batch = await batchOfKitOrder(deps.ctx.db, row.id);
  const barcodes = batch ? (await barcodesOfBatch(deps.ctx.db, batch.id)).map((l) => l.barcode) : [];
  return {
    id: row.id,
    orderNumber: row.order_number,
    userId: row.user_id,
    quantity: row.quantity,
    price: row.price,
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
    deliveryAddress: row.delivery_address,
    orderDate: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    barcodes,
  };
}

/** The admin's page of kit orders, newest first. */
export async function adminKitOrders(deps: Deps, query: { page: number; perPage: number }) {
  const { rows, count } = await kitOrdersPage(deps.ctx.db, query.page, query.perPage);
  return {
    items: await Promise.all(rows.map((k) => toKitOrder(deps, k))),
    meta: pageMeta(query.page, query.perPage, count),
  };
}

/** The kit order `id` as the API shows it. */
export async function kitOrderById(deps: Deps, id: string) {
  return toKitOrder(deps, await getKitOrder(deps.ctx.db, id));
}

/** The customer's own kit order `id`. */
export async function myKitOrder(deps: Deps, userId: string, id: string) {
  const row = await findOwnedKitOrder(deps.ctx.db, id, userId);
  if (!row) throw new AppError(OrdersErrorCode.orderNotFound, 404, 'Order not found');
  return toKitOrder(deps, row);
}
