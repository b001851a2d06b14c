import { z } from 'zod';
import { defineEvent } from '../define-event';

export const CourierOrderedV1 = defineEvent(
  'shipping.courier.ordered',
  1,
  z.object({
    shipmentId: z.uuid(),
    orderId: z.uuid(),
    testId: z.uuid().nullable(),
    userId: z.uuid(),
    waybill: z.string(),
    pickupDate: z.iso.date(),
    timeWindow: z.string(),
    courierOrderNumber: z.string(),
  }),
);
