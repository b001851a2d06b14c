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
    /**
     * Entering PENDING_PAYMENT of an order paid by bank transfer (traditional or deferred): what
     * the customer transfers, so the message carries the bank details. Absent otherwise.
     */
    transfer: z
      .object({
        amountGrosze: z.number().int().nonnegative(),
        accountNumber: z.string(),
        recipient: z.string(),
        transferTitle: z.string(),
        /** Deferred transfer: pay by then; null for a traditional transfer. */
        dueDate: z.iso.datetime({ offset: true }).nullable(),
      })
      .nullable()
      .optional(),
    /** Entering KIT_SENT: the tracking number of the parcel with the sampling kit, when given. */
    trackingNumber: z.string().nullable().optional(),
  }),
);
