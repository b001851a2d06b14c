import { z } from 'zod';
import {
  FarmOrderStatus,
  GardenTestStatus,
  LabTestType,
  OrderKind,
  OrderListKind,
  OrderType,
  PaymentMethod,
  PaymentStatus,
  PaymentSessionStatus,
  SamplerStatus,
  SoilTestType,
  Voivodeship,
} from '../enums';
import { Equipment } from '../pricing';
import { ZPageMeta, ZPageQuery } from './common';
import { GEO_LIMITS } from './geo';

// ---- farm order wizard ------------------------------------------------------------------

/** Punctures that make one sample (one sample per sector or garden): 5 to 15, as the spec and the guide say. */
export const PUNCTURES_PER_SAMPLE = { min: 5, max: 15, default: 10 } as const;

export const ZOrderCropSelection = z.object({
  cropId: z.uuid(),
  /** Sectors of the crop to test (one sample each); omitted: every sector of the crop (or the whole crop when undivided). */
  sectorIds: z.array(z.uuid()).min(1).optional(),
});

export const ZQuoteBody = z.object({
  type: OrderType.default('STANDARD'),
  crops: z.array(ZOrderCropSelection).min(1, 'Choose at least one crop'),
  additionalTests: z.array(LabTestType).default([]),
  equipment: z.array(Equipment).default([]),
  puncturesPerSector: z.number().int().positive().max(200).default(PUNCTURES_PER_SAMPLE.default),
});
export type TQuoteBody = z.input<typeof ZQuoteBody>;

export const ZDeliveryAddress = z.object({
  recipient: z.string().trim().min(2).max(120).optional(),
  voivodeship: Voivodeship.nullable().optional(),
  cityName: z.string().trim().min(2).max(80),
  postCode: z.string().regex(/^\d{2}-\d{3}$/, 'Post code must look like 00-000'),
  streetName: z.string().trim().min(1).max(120),
  buildingNumber: z.string().trim().min(1).max(10),
  apartmentNumber: z.string().trim().min(1).max(10).nullable().optional(),
});
export type TDeliveryAddress = z.infer<typeof ZDeliveryAddress>;

export const ZCreateOrderBody = ZQuoteBody.extend({
  paymentMethod: PaymentMethod,
  /** Delivery address of the kit; omitted: the address of the user's profile. */
  deliveryAddress: ZDeliveryAddress.optional(),
  /** The wizard's "confirm your data" step. */
  confirmUserData: z.literal(true),
});
export type TCreateOrderBody = z.input<typeof ZCreateOrderBody>;

export const ZQuoteSample = z.object({
  cropId: z.uuid(),
  sectorId: z.uuid().nullable(),
  fieldName: z.string(),
  sectorName: z.string().nullable(),
  plantId: z.string(),
  plotNumbers: z.array(z.string()),
  areaHa: z.number(),
});

export const ZQuote = z.object({
  currency: z.literal('PLN'),
  priceListVersion: z.number().int(),
  type: OrderType,
  numberOfSamples: z.number().int(),
  totalAreaHa: z.number(),
  puncturesPerSector: z.number().int(),
  basicTests: z.object({
    type: SoilTestType,
    orderType: OrderType,
    pricePerSample: z.number().int(),
    price: z.number().int(),
  }),
  additionalTests: z.array(
    z.object({ type: LabTestType, pricePerSample: z.number().int(), price: z.number().int() }),
  ),
  equipment: z.array(z.object({ item: Equipment, price: z.number().int() })),
  basicTestsPrice: z.number().int(),
  additionalTestsPrice: z.number().int(),
  equipmentPrice: z.number().int(),
  discountPercent: z.number(),
  basicTestsDiscount: z.number().int(),
  totalPrice: z.number().int(),
  samples: z.array(ZQuoteSample),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZBankTransferDetails = z.object({
  accountNumber: z.string(),
  recipient: z.string(),
  transferTitle: z.string(),
  amount: z.number().int(),
  dueDate: z.iso.datetime({ offset: true }).nullable(),
});

export const ZPaymentInstructions = z.object({
  method: PaymentMethod,
  /** ONLINE_BANK_TRANSFER: where to send the customer (null when registration failed; retry with POST .../pay). */
  redirectUrl: z.string().nullable(),
  bankTransfer: ZBankTransferDetails.nullable(),
  error: z.string().nullable(),
});

/** The latest online payment session of an order, as the customer may see it. */
export const ZPaymentSession = z.object({
  status: PaymentSessionStatus,
  amount: z.number().int(),
  startedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TPaymentSession = z.infer<typeof ZPaymentSession>;

/**
 * What the payment page says (decision 0039): PAID; AWAITING (a session is open, the payment not
 * confirmed yet); NOT_STARTED (no session yet); REJECTED, ABANDONED, EXPIRED, FAILED (the last
 * session ended unpaid: pay again or switch to a transfer); TRANSFER (bank details); CANCELLED;
 * REFUND_DUE / REFUNDED (a payment arrived for a cancelled order).
 */
export const PaymentOutcome = z.enum([
  'PAID',
  'AWAITING',
  'NOT_STARTED',
  'REJECTED',
  'ABANDONED',
  'EXPIRED',
  'FAILED',
  'TRANSFER',
  'CANCELLED',
  'REFUND_DUE',
  'REFUNDED',
]);
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;

/** The payment part of `GET /api/orders/{id}` and of `POST /api/orders/{id}/payment/check`. */
export const ZOrderPayment = ZPaymentInstructions.extend({
  outcome: PaymentOutcome,
  session: ZPaymentSession.nullable(),
  /** A new Przelewy24 session may be started (`POST /api/orders/{id}/pay`). */
  canPayAgain: z.boolean(),
  /** The order may switch to a traditional transfer (`POST /api/orders/{id}/payment-method`). */
  canSwitchToTransfer: z.boolean(),
});
export type TOrderPayment = z.infer<typeof ZOrderPayment>;

/** `final`: the page stops waiting; a session still unpaid then counts as abandoned. */
export const ZCheckPaymentBody = z.object({ final: z.boolean().default(false) });

export const ZChangePaymentMethodBody = z.object({ paymentMethod: z.literal('TRADITIONAL_TRANSFER') });
export type TChangePaymentMethodBody = z.infer<typeof ZChangePaymentMethodBody>;

/** One payment session in the admin order detail. */
export const ZAdminPaymentSession = ZPaymentSession.extend({
  sessionId: z.string(),
  providerOrderId: z.number().int().nullable(),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
});

export const ZStatusHistoryEntry = z.object({
  status: z.string(),
  from: z.string().nullable(),
  updatedByUserId: z.uuid().nullable(),
  changeDate: z.iso.datetime({ offset: true }),
});

export const ZFarmOrderSample = z.object({
  id: z.uuid(),
  sampleNumber: z.number().int(),
  code: z.string(),
  cropId: z.uuid(),
  sectorId: z.uuid().nullable(),
  fieldName: z.string(),
  sectorName: z.string().nullable(),
  plantId: z.string(),
  plotNumbers: z.array(z.string()),
  areaHa: z.number(),
  punctures: z.number().int(),
  /** Punctures recorded on the sampling screen (decision 0058); 0 when it was not used. */
  puncturesTaken: z.number().int().nonnegative(),
});

export const ZFarmOrder = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  userId: z.uuid(),
  kind: z.literal('FARM'),
  type: OrderType,
  status: FarmOrderStatus,
  orderDate: z.iso.datetime({ offset: true }),
  paymentMethod: PaymentMethod,
  paymentStatus: PaymentStatus,
  paymentDueDate: z.iso.datetime({ offset: true }).nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  numberOfSamples: z.number().int(),
  totalAreaHa: z.number(),
  basicTests: z.array(SoilTestType),
  additionalTests: z.array(LabTestType),
  equipment: z.array(Equipment),
  sampler: z.boolean(),
  samplerStatus: SamplerStatus,
  basicTestsPrice: z.number().int(),
  additionalTestsPrice: z.number().int(),
  equipmentPrice: z.number().int(),
  basicTestsDiscount: z.number().int(),
  totalPrice: z.number().int(),
  deliveryAddress: ZDeliveryAddress,
  samplesSentDate: z.iso.datetime({ offset: true }).nullable(),
  samples: z.array(ZFarmOrderSample),
  statusHistory: z.array(ZStatusHistoryEntry),
});
export type TFarmOrder = z.infer<typeof ZFarmOrder>;

export const ZCreatedOrder = z.object({ order: ZFarmOrder, payment: ZPaymentInstructions });

export const ZChangeStatusBody = z.object({
  status: z.union([FarmOrderStatus, GardenTestStatus]),
  /** KIT_SENT: the tracking number of the parcel with the sampling kit (told to the customer). */
  trackingNumber: z.string().trim().min(1).max(64).optional(),
});
export type TChangeStatusBody = z.infer<typeof ZChangeStatusBody>;

// ---- guided sampling (decision 0058) ------------------------------------------------------

export const SAMPLING_LIMITS = {
  /** Punctures one sample keeps (a retake counts too): twice the most a sample takes. */
  takenPerSample: 2 * PUNCTURES_PER_SAMPLE.max,
  /** A puncture further from its planned point gets a warning on the screen (m). */
  farFromPointM: 25,
} as const;

/** A puncture the sampling screen recorded: where and when "taken" was tapped. */
export const ZTakenPuncture = z
  .object({
    /** Made on the phone: sending it again (the offline queue) changes nothing. */
    id: z.uuid(),
    /** Which planned point of the pattern (0-based). */
    pointIndex: z.number().int().min(0).max(49),
    lng: z.number().finite(),
    lat: z.number().finite(),
    /** The position's accuracy the phone reported (m); null when it gave none. */
    accuracyM: z.number().nonnegative().max(100_000).nullable(),
    takenAt: z.iso.datetime({ offset: true }),
  })
  .superRefine((p, ctx) => {
    const [w, s, e, n] = GEO_LIMITS.extent;
    if (p.lng < w || p.lng > e || p.lat < s || p.lat > n)
      ctx.addIssue({
        code: 'custom',
        path: ['lng'],
        message: 'a puncture lies in Poland',
        params: { errorCode: 'punctureOutsidePoland' },
      });
  });
export type TTakenPuncture = z.infer<typeof ZTakenPuncture>;

export const ZRecordPuncturesBody = z.object({
  punctures: z.array(ZTakenPuncture).min(1).max(SAMPLING_LIMITS.takenPerSample),
});
export type TRecordPuncturesBody = z.infer<typeof ZRecordPuncturesBody>;

export const ZSampleParams = z.object({ id: z.uuid(), sampleId: z.uuid() });

const ZOutline = z.object({
  type: z.enum(['Polygon', 'MultiPolygon']),
  coordinates: z.array(z.any()),
});

export const ZSamplingSample = z.object({
  sampleId: z.uuid(),
  sampleNumber: z.number().int(),
  code: z.string(),
  fieldName: z.string(),
  sectorName: z.string().nullable(),
  areaHa: z.number(),
  punctures: z.number().int(),
  /** The sector's (or undivided crop's) outline when the order was placed; null for older orders. */
  geometry: ZOutline.nullable(),
  /** Where to take the punctures ([lng, lat], walking order); empty without an outline. */
  pattern: z.object({
    points: z.array(z.tuple([z.number(), z.number()])),
    headlandM: z.number(),
    layout: z.enum(['W', 'GRID', 'SPOT']),
  }),
  taken: z.array(ZTakenPuncture),
});
export type TSamplingSample = z.infer<typeof ZSamplingSample>;

export const ZSamplingPlan = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  status: FarmOrderStatus,
  /** Punctures can still be recorded (the samples are not sent yet). */
  open: z.boolean(),
  samples: z.array(ZSamplingSample),
});
export type TSamplingPlan = z.infer<typeof ZSamplingPlan>;

// ---- garden tests (mobile add-test flow) -------------------------------------------------

/** Spec 5 and 9: a test code (barcode) has 12 to 16 characters. */
export const BARCODE_MIN_LENGTH = 12;
export const BARCODE_MAX_LENGTH = 16;
export const GARDEN_NAME_MIN_LENGTH = 3;
export const GARDEN_NAME_MAX_LENGTH = 60;
/** 100 ha in ares: a garden larger than this is a farm, not a garden test. */
export const GARDEN_AREA_MAX_ARES = 10_000;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The length rule is checked by the service, so the answer is `testCodeIncorrect`, not a generic 400. */
export const ZBarcodeInput = z.string().trim().max(64);

export const ZVerifyBarcodeBody = z.object({ barcode: ZBarcodeInput });

/**
 * Where the garden is, if the user says (WGS84 degrees, a point in Poland's extent of
 * `GEO_LIMITS`); the results page shows it on the map. Outside: `gardenLocationOutsidePoland`.
 */
export const ZGardenLocation = z
  .object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
  .superRefine((p, ctx) => {
    const [west, south, east, north] = GEO_LIMITS.extent;
    if (p.lon < west || p.lon > east || p.lat < south || p.lat > north)
      ctx.addIssue({
        code: 'custom',
        message: 'the garden location must lie in Poland',
        params: { errorCode: 'gardenLocationOutsidePoland' },
      });
  });
export type TGardenLocation = z.infer<typeof ZGardenLocation>;

export const ZGardenTestDetails = z.object({
  gardenName: z.string().trim().min(GARDEN_NAME_MIN_LENGTH).max(GARDEN_NAME_MAX_LENGTH),
  /** A crop id of the agronomy catalogue (`@gleba/agronomy` CROPS). */
  plantId: z.string().min(1).max(64),
  gardenAreaAres: z.number().nonnegative().max(GARDEN_AREA_MAX_ARES).nullable().optional(),
  location: ZGardenLocation.nullable().optional(),
  punctures: z.number().int().min(1).max(100).default(PUNCTURES_PER_SAMPLE.default),
  basicTestType: SoilTestType.default('BASIC_TEST'),
  additionalTestTypes: z.array(LabTestType).default([]),
});

export const ZAddGardenTestBody = ZGardenTestDetails.extend({ barcode: ZBarcodeInput });
export type TAddGardenTestBody = z.input<typeof ZAddGardenTestBody>;

export const ZUpdateGardenTestBody = z.object({
  gardenName: ZGardenTestDetails.shape.gardenName.optional(),
  plantId: ZGardenTestDetails.shape.plantId.optional(),
  gardenAreaAres: ZGardenTestDetails.shape.gardenAreaAres,
  /** null removes the location; left out keeps it. */
  location: ZGardenLocation.nullable().optional(),
  punctures: z.number().int().min(1).max(100).optional(),
  basicTestType: SoilTestType.optional(),
  additionalTestTypes: z.array(LabTestType).optional(),
});
export type TUpdateGardenTestBody = z.infer<typeof ZUpdateGardenTestBody>;

export const ZFileInfo = z.object({ filename: z.string(), path: z.string(), mimetype: z.string() });

export const ZGardenTest = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  userId: z.uuid(),
  kind: z.literal('GARDEN'),
  barcode: z.string(),
  barcodeLabelId: z.uuid(),
  status: GardenTestStatus,
  orderDate: z.iso.datetime({ offset: true }),
  price: z.number().int(),
  gardenName: z.string(),
  plantId: z.string(),
  gardenAreaAres: z.number().nullable(),
  location: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  punctures: z.number().int(),
  basicTestType: SoilTestType,
  additionalTestTypes: z.array(LabTestType),
  photo: ZFileInfo.nullable(),
  samplesSentDate: z.iso.datetime({ offset: true }).nullable(),
  statusHistory: z.array(ZStatusHistoryEntry),
});
export type TGardenTest = z.infer<typeof ZGardenTest>;

// ---- my tests ----------------------------------------------------------------------------

export const MyTestsTab = z.enum(['ORDERED', 'ARCHIVE']);
export const ZMyTestsQuery = ZPageQuery.extend({
  tab: MyTestsTab.default('ORDERED'),
  listKind: OrderListKind.optional(),
});

export const ZMyTestItem = z.object({
  id: z.uuid(),
  kind: OrderKind,
  /** ORDERED: part of a web order (farm); NO_ORDER: a garden test added from a kit barcode. */
  listKind: OrderListKind,
  orderNumber: z.string(),
  name: z.string(),
  status: z.union([FarmOrderStatus, GardenTestStatus]),
  barcode: z.string().nullable(),
  numberOfSamples: z.number().int(),
  samplerStatus: SamplerStatus,
  orderDate: z.iso.datetime({ offset: true }),
});
export const ZMyTestsPage = z.object({ items: z.array(ZMyTestItem), meta: ZPageMeta });

// ---- garden kits bought online -----------------------------------------------------------

export const ZCreateKitOrderBody = z.object({
  quantity: z.number().int().min(1).max(20),
  paymentMethod: z.enum(['ONLINE_BANK_TRANSFER', 'TRADITIONAL_TRANSFER']),
  deliveryAddress: ZDeliveryAddress.optional(),
});
export type TCreateKitOrderBody = z.infer<typeof ZCreateKitOrderBody>;

// ---- admin -------------------------------------------------------------------------------

export const AdminOrdersTab = z.enum(['ALL', 'IN_PROGRESS', 'TO_SEND', 'ACTIVE', 'ENDED']);
export type AdminOrdersTab = z.infer<typeof AdminOrdersTab>;

export const ZAdminOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  orderBy: z
    .enum([
      'orderDate:asc',
      'orderDate:desc',
      'orderNumber:asc',
      'orderNumber:desc',
      'totalPrice:asc',
      'totalPrice:desc',
      'status:asc',
      'status:desc',
    ])
    .default('orderDate:desc'),
  tab: AdminOrdersTab.default('ALL'),
  /** Order number, e-mail, first or last name, or a sample code / barcode. */
  search: z.string().trim().min(1).max(100).optional(),
  status: z.union([FarmOrderStatus, GardenTestStatus]).optional(),
  type: OrderType.optional(),
  paymentStatus: PaymentStatus.optional(),
  paymentMethod: PaymentMethod.optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  /** Only orders and tests past the 4-day rule with no samples sent. */
  late: z.enum(['true', 'false']).optional(),
});
export type TAdminOrdersQuery = z.infer<typeof ZAdminOrdersQuery>;

export const ZCreateBarcodeBatchBody = z.object({
  count: z.number().int().min(1).max(500),
  /** Retail batches are sold in shops and marked paid by an admin when the shop pays. */
  retail: z.boolean().default(true),
});

export const ZBarcodeLabelsQuery = z.object({
  batchId: z.uuid().optional(),
  printed: z.enum(['true', 'false']).optional(),
  paid: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(50),
});

// ---- payments ----------------------------------------------------------------------------

/** Przelewy24's transaction notification (urlStatus), REST v1. */
export const ZP24Notification = z.object({
  merchantId: z.number().int(),
  posId: z.number().int(),
  sessionId: z.string().min(1).max(100),
  amount: z.number().int(),
  originAmount: z.number().int(),
  currency: z.string(),
  orderId: z.number().int(),
  methodId: z.number().int(),
  statement: z.string(),
  sign: z.string(),
});
export type TP24Notification = z.infer<typeof ZP24Notification>;
