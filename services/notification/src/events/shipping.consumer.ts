import { CourierOrderedV1, DropOffCodeExpiringV1, DropOffCodeGeneratedV1, ParcelStatusChangedV1 } from '@gleba/contracts';
import { on, type EventHandler } from '@gleba/platform';
import type { Database } from '../db/database';
import { notify, type DeliveryQueue } from '../domain/notify';
import { courierOrderedNotice, dropOffCodeNotice, parcelStatusNotice } from '../domain/rules';

export function shippingHandlers(queue: DeliveryQueue): EventHandler<Database>[] {
  return [
    on<Database, typeof CourierOrderedV1>(CourierOrderedV1, async (trx, d, env) => {
      await notify(trx, queue, courierOrderedNotice(d, env.id));
    }),
    on<Database, typeof DropOffCodeGeneratedV1>(DropOffCodeGeneratedV1, async (trx, d) => {
      await notify(trx, queue, dropOffCodeNotice(d, 'DROP_OFF_CODE'));
    }),
    on<Database, typeof DropOffCodeExpiringV1>(DropOffCodeExpiringV1, async (trx, d) => {
      await notify(trx, queue, dropOffCodeNotice(d, 'DROP_OFF_CODE_EXPIRING'));
    }),
    on<Database, typeof ParcelStatusChangedV1>(ParcelStatusChangedV1, async (trx, d) => {
      const notice = parcelStatusNotice(d);
      if (notice) await notify(trx, queue, notice);
    }),
  ];
}
