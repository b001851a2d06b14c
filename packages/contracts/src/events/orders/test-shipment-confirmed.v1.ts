import { z } from 'zod';
import { OrderKind } from '../../enums';
import { defineEvent } from '../define-event';

export const TestShipmentConfirmedV1 = defineEvent(
  'orders.test.shipment-confirmed',
  1,
  z.object({
    testId: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid(),
    kind: OrderKind,
    barcode: z.string().nullable(),
    confirmedAt: z.iso.datetime({ offset: true }),
  }),
);
