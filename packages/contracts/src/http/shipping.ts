import { z } from 'zod';
import { OrderKind, ParcelSize, ParcelStatus, ShipmentType } from '../enums';
import { ZPageMeta, ZPageQuery } from './common';

/** Polish postcode as DPD expects it. */
const ZPostCode = z.string().trim();

// ---- send-samples wizard ------------------------------------------------------

/** A confirmed garden test or a farm order whose samples are collected: what may be shipped. */
export const ZShippable = z.object({
  /** The test id (garden) or the order id (farm): what a shipment is requested for. */
  shippableId: z.uuid(),
  orderId: z.uuid(),
  testId: z.uuid().nullable(),
  orderNumber: z.string(),
  kind: OrderKind,
  barcode: z.string().nullable(),
  confirmedAt: z.iso.datetime({ offset: true }),
  /** The active shipment, when one was already created. */
  shipmentId: z.uuid().nullable(),
});
export type TShippable = z.infer<typeof ZShippable>;

export const ZCourierAvailabilityQuery = z.object({
  date: z.iso.date(),
  /** Defaults to the sender's postcode from the profile. */
  postCode: ZPostCode.optional(),
});
export type TCourierAvailabilityQuery = z.infer<typeof ZCourierAvailabilityQuery>;

export const ZCourierAvailability = z.object({
  date: z.iso.date(),
  postCode: z.string(),
  /** Hour windows such as "10:00-13:00". */
  timeWindows: z.array(z.string()),
});
export type TCourierAvailability = z.infer<typeof ZCourierAvailability>;

export const ZPickupPointsQuery = z.object({
  city: z.string().trim().min(1).optional(),
  postCode: ZPostCode.optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  radiusKm: z.coerce.number().positive().max(50).default(5),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TPickupPointsQuery = z.infer<typeof ZPickupPointsQuery>;

export const ZPickupPointHours = z.object({
  /** 1 = Monday ... 7 = Sunday. */
  day: z.number().int().min(1).max(7),
  open: z.string(),
  close: z.string(),
});

export const ZPickupPoint = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  postCode: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Kilometres from the searched coordinates, when searched by coordinates. */
  distanceKm: z.number().nullable(),
  openingHours: z.array(ZPickupPointHours),
});
export type TPickupPoint = z.infer<typeof ZPickupPoint>;

export const ZPickupPointList = z.object({ items: z.array(ZPickupPoint) });

/** The wizard's choices; POST /api/shipments/summary checks them, POST /api/shipments confirms. */
export const ZCreateShipmentBody = z
  .object({
    shippableId: z.uuid(),
    size: ParcelSize,
    withLabel: z.boolean(),
    method: z.enum(['COURIER', 'PICKUP_POINT']),
    courier: z
      .object({ date: z.iso.date(), timeWindow: z.string().regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/) })
      .optional(),
    pickupPointId: z.string().min(1).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.method === 'COURIER' && !b.courier)
      ctx.addIssue({
        code: 'custom',
        path: ['courier'],
        message: 'courier date and time window are required',
      });
  });
export type TCreateShipmentBody = z.infer<typeof ZCreateShipmentBody>;

export const ZShippingAddress = z.object({
  name: z.string(),
  company: z.string().nullable(),
  street: z.string(),
  postCode: z.string(),
  city: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type TShippingAddress = z.infer<typeof ZShippingAddress>;

export const ZShipmentSummary = z.object({
  shippableId: z.uuid(),
  orderNumber: z.string(),
  shipmentType: ShipmentType,
  size: ParcelSize,
  maxWeightKg: z.number(),
  sizeCm: z.tuple([z.number(), z.number(), z.number()]),
  withLabel: z.boolean(),
  sender: ZShippingAddress,
  receiver: ZShippingAddress,
  courier: z.object({ date: z.iso.date(), timeWindow: z.string() }).nullable(),
  pickupPoint: ZPickupPoint.nullable(),
  carrier: z.literal('DPD'),
});
export type TShipmentSummary = z.infer<typeof ZShipmentSummary>;

export const ZTrackingEvent = z.object({
  code: z.string(),
  description: z.string(),
  at: z.iso.datetime({ offset: true }),
  depot: z.string().nullable(),
  status: ParcelStatus.nullable(),
});
export type TTrackingEvent = z.infer<typeof ZTrackingEvent>;

export const ZShipment = z.object({
  id: z.uuid(),
  shippableId: z.uuid(),
  orderId: z.uuid(),
  testId: z.uuid().nullable(),
  orderNumber: z.string(),
  kind: OrderKind,
  userId: z.uuid(),
  shipmentType: ShipmentType,
  carrierName: z.literal('DPD'),
  size: ParcelSize,
  withLabel: z.boolean(),
  status: ParcelStatus,
  waybill: z.string().nullable(),
  isCancelled: z.boolean(),
  courier: z
    .object({
      pickupDate: z.iso.date(),
      timeWindow: z.string(),
      orderNumber: z.string().nullable(),
      /** DPD's checksum of the order (the spec's courierControlNumber), needed to cancel it. */
      controlNumber: z.string().nullable(),
      cancelled: z.boolean(),
    })
    .nullable(),
  pickupPoint: ZPickupPoint.nullable(),
  dropOffCode: z
    .object({ code: z.string(), expiresAt: z.iso.datetime({ offset: true }), expired: z.boolean() })
    .nullable(),
  returnCode: z.string().nullable(),
  rma: z.string().nullable(),
  /** DPD's price of the parcel in grosze (null when DPD gave none). */
  shippingCost: z.number().int().nullable(),
  sender: ZShippingAddress,
  createdAt: z.iso.datetime({ offset: true }),
  statusChangedAt: z.iso.datetime({ offset: true }),
});
export type TShipment = z.infer<typeof ZShipment>;

export const ZShipmentWithHistory = ZShipment.extend({ history: z.array(ZTrackingEvent) });
export type TShipmentWithHistory = z.infer<typeof ZShipmentWithHistory>;

export const ZLabelFormat = z.enum(['A4', 'LABEL_PRINTER']);
export type TLabelFormat = z.infer<typeof ZLabelFormat>;
export const ZLabelQuery = z.object({ format: ZLabelFormat.default('A4') });

// ---- admin ----------------------------------------------------------------------

export const ZAdminShipmentsQuery = ZPageQuery.extend({
  status: ParcelStatus.optional(),
  shipmentType: ShipmentType.optional(),
  /** Order number, waybill or barcode (contains, case-insensitive). */
  search: z.string().trim().min(1).max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  cancelled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TAdminShipmentsQuery = z.infer<typeof ZAdminShipmentsQuery>;

export const ZShipmentPage = z.object({ items: z.array(ZShipment), meta: ZPageMeta });
export type TShipmentPage = z.infer<typeof ZShipmentPage>;

export const ZBulkLabelsBody = z.object({
  shipmentIds: z.array(z.uuid()).min(1).max(200),
  format: ZLabelFormat.default('A4'),
});
export type TBulkLabelsBody = z.infer<typeof ZBulkLabelsBody>;

/** Handover protocol for the parcels created (or picked up by courier) on a day. */
export const ZProtocolQuery = z.object({ date: z.iso.date() });

export const ZReturnResult = z.object({
  shipmentId: z.uuid(),
  returnCode: z.string(),
  rma: z.string(),
  returnWaybill: z.string(),
});
export type TReturnResult = z.infer<typeof ZReturnResult>;
