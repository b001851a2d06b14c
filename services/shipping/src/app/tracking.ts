import { ParcelStatusChangedV1, type ParcelStatus } from '@gleba/contracts';
import {
  lockShipment,
  parcelsUnderWay,
  updateShipment,
  statusTimes,
  storeTrackingEvents,
  type ShipmentRow,
} from '../db/repositories/shipments.repository';
import { isTerminal, statusOfEvent, stepsForward } from '../domain/tracking';
import type { Deps } from './deps';

/**
 * Asks DPD for a parcel's events, keeps the new ones (a repeated event is stored once), and moves
 * the status forward to the furthest the history shows, publishing each step, in one transaction.
 */
export async function trackShipment(
  deps: Deps,
  shipment: Pick<ShipmentRow, 'id' | 'waybill'>,
): Promise<{ inserted: number; steps: ParcelStatus[] }> {
  if (!shipment.waybill) return { inserted: 0, steps: [] };
  const events = await deps.dpd.getEventsForWaybill(shipment.waybill);
  // The new events and the status they mean commit together: a reader never sees a history
  // ahead of its status (the admin's "In transit" beside a newer event).
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockShipment(trx, shipment.id);
    if (!row || !row.waybill) return { inserted: 0, steps: [] };
    const inserted = await storeTrackingEvents(
      trx,
      { id: row.id, waybill: row.waybill },
      events.map((e) => ({ ...e, status: statusOfEvent(e.businessCode) })),
    );
    const times = await statusTimes(trx, row.id);
    const forward = stepsForward(row.status, times.keys() as Iterable<ParcelStatus>);
    let from: ParcelStatus = row.status;
    for (const to of forward) {
      const at = times.get(to) ?? deps.clock.now();
      await deps.outbox.publish(trx, ParcelStatusChangedV1, {
        shipmentId: row.id,
        orderId: row.order_id,
        testId: row.test_id,
        userId: row.user_id,
        waybill: row.waybill,
        shipmentType: row.type,
        from,
        to,
        at: at.toISOString(),
      });
      from = to;
    }
    if (forward.length > 0) {
      await updateShipment(trx, row.id, { status: from, status_changed_at: deps.clock.now() });
    }
    return { inserted, steps: forward };
  });
}

/** One round of the repeatable job: every parcel on its way (not delivered or returned). */
export async function pollOpenParcels(deps: Deps): Promise<{ polled: number; failed: number }> {
  const open = await parcelsUnderWay(deps.db);
  let failed = 0;
  for (const s of open) {
    if (isTerminal(s.status)) continue;
    try {
      await trackShipment(deps, s);
    } catch (error) {
      failed += 1;
      deps.logger.warn(
        { err: error, shipmentId: s.id, waybill: s.waybill },
        'tracking poll failed for a parcel',
      );
    }
  }
  return { polled: open.length, failed };
}
