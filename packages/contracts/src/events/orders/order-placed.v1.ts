import { z } from 'zod';
import { OrderKind, OrderType, PaymentMethod } from '../../enums';
import { defineEvent } from '../define-event';

export const OrderPlacedV1 = defineEvent(
  'orders.order.placed',
  1,
  z.object({
    orderId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid(),
    kind: OrderKind,
    type: OrderType,
    paymentMethod: PaymentMethod.nullable(),
    totalPriceGrosze: z.number().int().nonnegative(),
    /** Farm orders: the crops and sectors tested (geo locks them). */
    cropIds: z.array(z.uuid()),
    sectorIds: z.array(z.uuid()),
    placedAt: z.iso.datetime({ offset: true }),
  }),
);
