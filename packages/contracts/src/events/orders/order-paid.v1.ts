import { z } from 'zod';
import { OrderKind, PaymentMethod } from '../../enums';
import { defineEvent } from '../define-event';

export const OrderPaidV1 = defineEvent(
  'orders.order.paid',
  1,
  z.object({
    orderId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid().nullable(),
    kind: OrderKind,
    paymentMethod: PaymentMethod,
    amountGrosze: z.number().int().nonnegative(),
    paidAt: z.iso.datetime({ offset: true }),
  }),
);
