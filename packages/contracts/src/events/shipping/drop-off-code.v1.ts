import { z } from 'zod';
import { defineEvent } from '../define-event';

const ZDropOffCode = z.object({
  shipmentId: z.uuid(),
  orderId: z.uuid(),
  testId: z.uuid().nullable(),
  userId: z.uuid(),
  code: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});

export const DropOffCodeGeneratedV1 = defineEvent('shipping.drop-off-code.generated', 1, ZDropOffCode);
export const DropOffCodeExpiringV1 = defineEvent('shipping.drop-off-code.expiring', 1, ZDropOffCode);
export const DropOffCodeExpiredV1 = defineEvent('shipping.drop-off-code.expired', 1, ZDropOffCode);
