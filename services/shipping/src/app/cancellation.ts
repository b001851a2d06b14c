import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import { cancelShippables } from '../db/repositories/read-models.repository';
import { lockOrderShipments, updateShipment } from '../db/repositories/shipments.repository';
import type { Deps } from './deps';

/**
 * An order was cancelled: nothing of it is shipped any more, and a booked courier is called off
 * at DPD (packagesPickupCall CANCEL; DPD has no operation to cancel the parcel itself). A DPD
 * failure throws, so the event is retried.
 */
export async function cancelOrderShipments(
  deps: Deps,
  trx: Transaction<Database>,
  orderId: string,
): Promise<void> {
  const now = deps.clock.now();
  await cancelShippables(trx, orderId, now);
  const shipments = await lockOrderShipments(trx, orderId);
  for (const s of shipments) {
    let courierCancelled = s.courier_cancelled_at;
    if (s.type === 'COURIER' && s.courier_order_number && !s.courier_cancelled_at && s.status === 'CREATED') {
      await deps.dpd.packagesPickupCall({
        operation: 'CANCEL',
        orderNumber: s.courier_order_number,
        checkSum: s.courier_checksum ?? '',
      });
      courierCancelled = now;
    }
    await updateShipment(trx, s.id, {
      cancelled_at: now,
      active: false,
      courier_cancelled_at: courierCancelled,
    });
  }
}
