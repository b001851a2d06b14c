import { OrderCancelledV1, OrderPaidV1, OrderStatusChangedV1 } from '@gleba/contracts';
import { on, type EventHandler } from '@gleba/platform';
import type { Database } from '../db/database';
import { notify, type DeliveryQueue } from '../domain/notify';
import { orderCancelledNotice, orderPaidNotice, orderStatusNotice } from '../domain/rules';

export function ordersHandlers(queue: DeliveryQueue): EventHandler<Database>[] {
  return [
    on<Database, typeof OrderStatusChangedV1>(OrderStatusChangedV1, async (trx, d, env) => {
      const notice = orderStatusNotice(d, env.id);
      if (notice) await notify(trx, queue, notice);
    }),
    on<Database, typeof OrderPaidV1>(OrderPaidV1, async (trx, d, env) => {
      const notice = orderPaidNotice(d, env.id);
      if (notice) await notify(trx, queue, notice);
    }),
    on<Database, typeof OrderCancelledV1>(OrderCancelledV1, async (trx, d, env) => {
      await notify(trx, queue, orderCancelledNotice(d, env.id));
    }),
  ];
}
