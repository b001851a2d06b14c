import { z } from 'zod';
import { OrderKind } from '../../enums';
import { defineEvent } from '../define-event';

/**
 * Samples should reach the lab within 4 days: three days after a garden test's shipment was
 * confirmed (or a farm order's kit arrived) and nothing has been sent, the customer is reminded once.
 */
export const SamplesSendReminderV1 = defineEvent(
  'orders.samples.send-reminder',
  1,
  z.object({
    userId: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.string(),
    kind: OrderKind,
    /** When the four days started (shipment confirmed, or the kit's expected arrival). */
    since: z.iso.datetime({ offset: true }),
    /** The last day to send (since + 4 days). */
    sendBy: z.iso.datetime({ offset: true }),
  }),
);
