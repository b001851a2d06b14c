import type { Kysely, Selectable, Transaction } from 'kysely';
import type { TShipment, TTrackingEvent } from '@gleba/contracts';
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
