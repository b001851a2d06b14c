import { z } from 'zod';
import { FarmOrderStatus, GardenTestStatus, OrderKind } from '../../enums';
import { defineEvent } from '../define-event';

/** Every status change of a farm order or a garden test; notification tells the user. */
export const OrderStatusChangedV1 = defineEvent(
  'orders.order.status-changed',
  1,
  z.object({
    /** Farm order id, or the garden test id for garden tests. */
    orderId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid(),
    kind: OrderKind,
    from: z.union([FarmOrderStatus, GardenTestStatus]).nullable(),
    to: z.union([FarmOrderStatus, GardenTestStatus]),
    changedByUserId: z.uuid().nullable(),
    changedAt: z.iso.datetime({ offset: true }),
    /** Garden tests: the barcode, so messages can name the test. */
    barcode: z.string().nullable(),
  }),
);
