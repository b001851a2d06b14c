import { z } from 'zod';
import { ParcelStatus, ShipmentType } from '../../enums';
import { defineEvent } from '../define-event';

export const ParcelStatusChangedV1 = defineEvent(
  'shipping.parcel.status-changed',
  1,
  z.object({
    shipmentId: z.uuid(),
    orderId: z.uuid(),
    testId: z.uuid().nullable(),
    userId: z.uuid(),
    waybill: z.string(),
    shipmentType: ShipmentType,
    from: ParcelStatus.nullable(),
    to: ParcelStatus,
    at: z.iso.datetime({ offset: true }),
  }),
);
