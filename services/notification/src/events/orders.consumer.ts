import {
  ComplaintAnsweredV1,
  OrderCancelledV1,
  OrderPaidV1,
  OrderStatusChangedV1,
  PaymentRefundDueV1,
  PaymentSessionEndedV1,
  SamplesSendReminderV1,
} from '@gleba/contracts';
import { on, type EventHandler } from '@gleba/platform';
import type { Database } from '../db/database';
import type { NoticeWriter } from '../app/notify';
import {
  complaintAnsweredNotice,
  orderCancelledNotice,
  orderPaidNotice,
  orderStatusNotice,
  paymentExpiredNotice,
  paymentRefundDueNotice,
  sendReminderNotice,
} from '../domain/rules';

export function ordersHandlers(notices: NoticeWriter): EventHandler<Database>[] {
  return [
    on<Database, typeof OrderStatusChangedV1>(OrderStatusChangedV1, async (trx, d, env) => {
      const notice = orderStatusNotice(d, env.id);
      if (notice) notices.add(trx, notice);
    }),
    on<Database, typeof OrderPaidV1>(OrderPaidV1, async (trx, d, env) => {
      const notice = orderPaidNotice(d, env.id);
      if (notice) notices.add(trx, notice);
    }),
    on<Database, typeof OrderCancelledV1>(OrderCancelledV1, async (trx, d, env) => {
      notices.add(trx, orderCancelledNotice(d, env.id));
    }),
    on<Database, typeof PaymentSessionEndedV1>(PaymentSessionEndedV1, async (trx, d) => {
      const notice = paymentExpiredNotice(d);
      if (notice) notices.add(trx, notice);
    }),
    on<Database, typeof SamplesSendReminderV1>(SamplesSendReminderV1, async (trx, d, env) => {
      notices.add(trx, sendReminderNotice(d, env.id));
    }),
    on<Database, typeof PaymentRefundDueV1>(PaymentRefundDueV1, async (trx, d) => {
      const notice = paymentRefundDueNotice(d);
      if (notice) notices.add(trx, notice);
    }),
    on<Database, typeof ComplaintAnsweredV1>(ComplaintAnsweredV1, async (trx, d) => {
      notices.add(trx, complaintAnsweredNotice(d));
    }),
  ];
}
