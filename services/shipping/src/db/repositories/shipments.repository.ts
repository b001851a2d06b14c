import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { TAdminShipmentsQuery, TShipment, TTrackingEvent } from '@gleba/contracts';
import type { Database, ShipmentsTable, StoredPickupPoint, TrackingEventsTable } from '../database';

export type ShipmentRow = Selectable<ShipmentsTable>;
type Db = Kysely<Database> | Transaction<Database>;

const iso = (d: Date | string) => new Date(d).toISOString();

export function toShipment(row: ShipmentRow, now: Date): TShipment {
  const expires = row.drop_off_expires_at ? new Date(row.drop_off_expires_at) : null;
  return {
    id: row.id,
    shippableId: row.shippable_id,
    orderId: row.order_id,
    testId: row.test_id,
    orderNumber: row.order_number,
    kind: row.kind,
    userId: row.user_id,
    shipmentType: row.type,
    carrierName: 'DPD',
    size: row.size,
    withLabel: row.with_label,
    status: row.status,
    waybill: row.waybill,
    isCancelled: row.cancelled_at !== null,
    courier:
      row.type === 'COURIER' && row.courier_date && row.courier_window
        ? {
            pickupDate: row.courier_date,
            timeWindow: row.courier_window,
            orderNumber: row.courier_order_number,
            controlNumber: row.courier_checksum,
            cancelled: row.courier_cancelled_at !== null,
          }
        : null,
    pickupPoint: (row.pickup_point as StoredPickupPoint | null) ?? null,
    dropOffCode:
      row.drop_off_code && expires
        ? {
            code: row.drop_off_code,
            expiresAt: expires.toISOString(),
            expired: row.drop_off_expired_at !== null || expires <= now,
          }
        : null,
    returnCode: row.return_code,
    rma: row.rma,
    shippingCost: row.shipping_cost ?? null,
    sender: row.sender,
    createdAt: iso(row.created_at),
    statusChangedAt: iso(row.status_changed_at),
  };
}

export function toTrackingEvent(row: Selectable<TrackingEventsTable>): TTrackingEvent {
  return {
    code: row.business_code,
    description: row.description,
    at: iso(row.event_time),
    depot: row.depot || null,
    status: (row.status as TTrackingEvent['status']) ?? null,
  };
}

export async function findShipment(db: Db, id: string): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the row: a status change and its event are decided by one writer at a time. */
export async function lockShipment(trx: Transaction<Database>, id: string): Promise<ShipmentRow | undefined> {
  return trx.selectFrom('shipments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function history(db: Db, shipmentId: string): Promise<TTrackingEvent[]> {
  const rows = await db
    .selectFrom('tracking_events')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .orderBy('event_time', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toTrackingEvent);
}

/**
 * A shipment and its history read from one snapshot (repeatable read), so a tracking poll that
 * commits between the two reads never shows a history ahead of the status.
 */
export async function shipmentWithHistory(
  db: Kysely<Database>,
  id: string,
): Promise<{ row: ShipmentRow; history: TTrackingEvent[] } | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const row = await findShipment(trx, id);
      return row ? { row, history: await history(trx, id) } : undefined;
    });
}

/** Stores what DPD reported; an event seen before (same code, time and depot) is ignored. */
export async function storeTrackingEvents(
  db: Db,
  shipment: { id: string; waybill: string },
  events: {
    businessCode: string;
    description: string;
    eventTime: Date;
    depot: string | null;
    status: string | null;
  }[],
): Promise<number> {
  if (events.length === 0) return 0;
  const result = await db
    .insertInto('tracking_events')
    .values(
      events.map((e) => ({
        shipment_id: shipment.id,
        waybill: shipment.waybill,
        business_code: e.businessCode,
        description: e.description,
        event_time: e.eventTime,
        depot: e.depot ?? '',
        status: e.status,
      })),
    )
    .onConflict((oc) => oc.columns(['shipment_id', 'business_code', 'event_time', 'depot']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The earliest time the history shows each of our statuses. */
export async function statusTimes(
  trx: Transaction<Database>,
  shipmentId: string,
): Promise<Map<string, Date>> {
  const rows = await trx
    .selectFrom('tracking_events')
    .select(['status'])
    .select((eb) => eb.fn.min('event_time').as('at'))
    .where('shipment_id', '=', shipmentId)
    .where('status', 'is not', null)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status as string, new Date(r.at as Date)]));
}

export async function updateShipment(db: Db, id: string, changes: Updateable<ShipmentsTable>): Promise<void> {
  await db.updateTable('shipments').set(changes).where('id', '=', id).execute();
}

/** Reserves a shipment row (the unique indexes keep one courier per test and one under way). */
export async function insertShipment(db: Db, row: Insertable<ShipmentsTable>): Promise<void> {
  await db.insertInto('shipments').values(row).execute();
}

export async function deleteShipment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('shipments').where('id', '=', id).execute();
}

export function completeShipment(
  trx: Transaction<Database>,
  id: string,
  changes: Updateable<ShipmentsTable>,
): Promise<ShipmentRow> {
  return trx
    .updateTable('shipments')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An order's shipments not cancelled (by the order or by one shippable's id), locked. */
export function lockOrderShipments(trx: Transaction<Database>, orderId: string): Promise<ShipmentRow[]> {
  return trx
    .selectFrom('shipments')
    .selectAll()
    .where((eb) => eb.or([eb('order_id', '=', orderId), eb('shippable_id', '=', orderId)]))
    .where('cancelled_at', 'is', null)
    .forUpdate()
    .execute();
}

/** A shippable's shipments that block a new one: the one under way and any courier ever booked. */
export function blockingShipments(db: Db, shippableId: string) {
  return db
    .selectFrom('shipments')
    .select(['id', 'type', 'active'])
    .where('shippable_id', '=', shippableId)
    .where((eb) => eb.or([eb('active', '=', true), eb('type', '=', 'COURIER')]))
    .execute();
}

/** Whether the order already has a drop-off code under way (one per order). */
export async function hasActiveDropOffCode(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('shipments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('type', '=', 'PICKUP_LABELLESS')
    .where('active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Labelled parcels of one kind with a waybill, not cancelled (the hand-over protocol picks a day). */
export function labelledShipments(db: Db, kind: 'FARM' | 'GARDEN'): Promise<ShipmentRow[]> {
  return db
    .selectFrom('shipments')
    .selectAll()
    .where('kind', '=', kind)
    .where('waybill', 'is not', null)
    .where('with_label', '=', true)
    .where('cancelled_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

/** Drop-off codes still unused that expire before `warnBefore`, locked (other sweeps skip them). */
export function lockExpiringDropOffCodes(
  trx: Transaction<Database>,
  warnBefore: Date,
): Promise<ShipmentRow[]> {
  return trx
    .selectFrom('shipments')
    .selectAll()
    .where('type', '=', 'PICKUP_LABELLESS')
    .where('active', '=', true)
    .where('status', '=', 'CREATED')
    .where('drop_off_code', 'is not', null)
    .where('drop_off_expired_at', 'is', null)
    .where('drop_off_expires_at', '<=', warnBefore)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Parcels on their way: a waybill, not cancelled or expired, not delivered or returned. */
export function parcelsUnderWay(db: Db) {
  return db
    .selectFrom('shipments')
    .select(['id', 'waybill', 'status'])
    .where('waybill', 'is not', null)
    .where('active', '=', true)
    .where('status', 'not in', ['DELIVERED', 'RETURNED'])
    .orderBy('created_at')
    .execute();
}

export function userShipments(db: Db, userId: string): Promise<ShipmentRow[]> {
  return db
    .selectFrom('shipments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

const SORTABLE: Record<string, string> = {
  createdAt: 'created_at',
  orderNumber: 'order_number',
  status: 'status',
  statusChangedAt: 'status_changed_at',
};

/** One page of the admin's shipment list of one kind, filtered, with the total. */
export async function adminShipmentsPage(
  db: Db,
  kind: 'FARM' | 'GARDEN',
  query: TAdminShipmentsQuery,
  timeZone: string,
): Promise<{ rows: ShipmentRow[]; total: number }> {
  let q = db.selectFrom('shipments').where('kind', '=', kind);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.shipmentType) q = q.where('type', '=', query.shipmentType);
  if (query.cancelled !== undefined) q = q.where('cancelled_at', query.cancelled ? 'is not' : 'is', null);
  if (query.from) q = q.where(sql<string>`(created_at at time zone ${timeZone})::date`, '>=', query.from);
  if (query.to) q = q.where(sql<string>`(created_at at time zone ${timeZone})::date`, '<=', query.to);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb('order_number', 'ilike', like), eb('waybill', 'ilike', like), eb('barcode', 'ilike', like)]),
    );
  }
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const [field, dir] = (query.orderBy ?? 'createdAt:desc').split(':') as [string, 'asc' | 'desc'];
  const column = SORTABLE[field] ?? 'created_at';
  const rows = await q
    .selectAll()
    .orderBy(sql.ref(column), dir)
    .orderBy('id')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return { rows, total };
}
