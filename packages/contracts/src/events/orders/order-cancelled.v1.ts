import { z } from 'zod';
import { OrderKind } from '../../enums';
import { defineEvent } from '../define-event';

export const OrderCancelledV1 = defineEvent(
  'orders.order.cancelled',
  1,
  z.object({
    orderId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid(),
    kind: OrderKind,
    /** Sample codes / barcodes the lab should no longer expect. */
    sampleCodes: z.array(z.string()),
    cancelledByUserId: z.uuid().nullable(),
    cancelledAt: z.iso.datetime({ offset: true }),
  }),
);
