import { DropOffCodeExpiredV1, DropOffCodeExpiringV1 } from '@gleba/contracts';
import {
  lockExpiringDropOffCodes,
  updateShipment,
  type ShipmentRow,
} from '../db/repositories/shipments.repository';
import type { Deps } from './deps';

function codeData(row: ShipmentRow) {
  return {
    shipmentId: row.id,
    orderId: row.order_id,
    testId: row.test_id,
    userId: row.user_id,
    code: row.drop_off_code!,
    expiresAt: new Date(row.drop_off_expires_at!).toISOString(),
  };
}

/**
 * Tells the user before a drop-off code expires, then marks it expired (spec: valid 14 days).
 * A code whose parcel was already dropped off (status past CREATED) has done its job.
 */
export async function sweepDropOffCodes(deps: Deps): Promise<{ warned: number; expired: number }> {
  const now = deps.clock.now();
  const warnBefore = new Date(now.getTime() + deps.config.DROP_OFF_CODE_WARN_HOURS * 3_600_000);
  return deps.db.transaction().execute(async (trx) => {
    const expiring = await lockExpiringDropOffCodes(trx, warnBefore);
    let warned = 0;
    let expired = 0;
    for (const row of expiring) {
      const expiresAt = new Date(row.drop_off_expires_at!);
      if (expiresAt <= now) {
        await updateShipment(trx, row.id, { drop_off_expired_at: now, active: false });
        await deps.outbox.publish(trx, DropOffCodeExpiredV1, codeData(row));
        expired += 1;
      } else if (!row.drop_off_warned_at) {
        await updateShipment(trx, row.id, { drop_off_warned_at: now });
        await deps.outbox.publish(trx, DropOffCodeExpiringV1, codeData(row));
        warned += 1;
      }
    }
    return { warned, expired };
  });
}
