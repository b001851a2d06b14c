import {
  CourierOrderedV1,
  DropOffCodeExpiringV1,
  DropOffCodeGeneratedV1,
  ParcelStatusChangedV1,
} from '@gleba/contracts';
import { on, type EventHandler } from '@gleba/platform';
import type { Database } from '../db/database';
import type { NoticeWriter } from '../app/notify';
import { courierOrderedNotice, dropOffCodeNotice, parcelStatusNotice } from '../domain/rules';

export function shippingHandlers(notices: NoticeWriter): EventHandler<Database>[] {
  return [
    on<Database, typeof CourierOrderedV1>(CourierOrderedV1, async (trx, d, env) => {
      notices.add(trx, courierOrderedNotice(d, env.id));
    }),
    on<Database, typeof DropOffCodeGeneratedV1>(DropOffCodeGeneratedV1, async (trx, d) => {
      notices.add(trx, dropOffCodeNotice(d, 'DROP_OFF_CODE'));
    }),
    on<Database, typeof DropOffCodeExpiringV1>(DropOffCodeExpiringV1, async (trx, d) => {
      notices.add(trx, dropOffCodeNotice(d, 'DROP_OFF_CODE_EXPIRING'));
    }),
    on<Database, typeof ParcelStatusChangedV1>(ParcelStatusChangedV1, async (trx, d) => {
      const notice = parcelStatusNotice(d);
      if (notice) notices.add(trx, notice);
    }),
  ];
}
