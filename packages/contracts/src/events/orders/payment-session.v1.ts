import { z } from 'zod';
import { OrderKind } from '../../enums';
import { defineEvent } from '../define-event';

/**
 * An online payment session ended without a payment (decision 0039). The notification service
 * tells the customer when it EXPIRED (they are not on the page any more); the other outcomes
 * are shown on the payment page the customer is looking at.
 */
export const PaymentSessionEndedV1 = defineEvent(
  'orders.payment.session-ended',
  1,
  z.object({
    orderId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid().nullable(),
    kind: OrderKind,
    sessionId: z.string(),
    outcome: z.enum(['REJECTED', 'ABANDONED', 'EXPIRED', 'CANCELLED']),
    amountGrosze: z.number().int().nonnegative(),
    endedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A verified payment the order cannot keep: it arrived for a cancelled order, or the order was
 * already paid by another session. The money is to be returned; an admin records the refund.
 */
export const PaymentRefundDueV1 = defineEvent(
  'orders.payment.refund-due',
  1,
  z.object({
    orderId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid().nullable(),
    kind: OrderKind,
    sessionId: z.string(),
    reason: z.enum(['ORDER_CANCELLED', 'ALREADY_PAID']),
    amountGrosze: z.number().int().nonnegative(),
    receivedAt: z.iso.datetime({ offset: true }),
  }),
);
