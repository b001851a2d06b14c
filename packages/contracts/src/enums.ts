import { z } from 'zod';

/** Every enumeration of the product specification, in one place. */

export const Language = z.enum(['pl', 'en', 'uk']);
export type Language = z.infer<typeof Language>;
export const DEFAULT_LANGUAGE: Language = 'pl';

export const Voivodeship = z.enum([
  'LOWER_SILESIAN',
  'KUYAVIAN_POMERANIAN',
  'LUBLIN',
  'LUBUSZ',
  'LODZ',
  'LESSER_POLAND',
  'MASOVIAN',
  'OPOLE',
  'SUBCARPATHIAN',
  'PODLASKIE',
  'POMERANIAN',
  'SILESIAN',
  'SWIETOKRZYSKIE',
  'WARMIAN_MASURIAN',
  'GREATER_POLAND',
  'WEST_POMERANIAN',
]);
export type Voivodeship = z.infer<typeof Voivodeship>;

/** TERYT two-digit voivodeship codes (GUS TERC `WOJ`). */
export const VOIVODESHIP_TERYT: Record<Voivodeship, string> = {
  LOWER_SILESIAN: '02',
  KUYAVIAN_POMERANIAN: '04',
  LUBLIN: '06',
  LUBUSZ: '08',
  LODZ: '10',
  LESSER_POLAND: '12',
  MASOVIAN: '14',
  OPOLE: '16',
  SUBCARPATHIAN: '18',
  PODLASKIE: '20',
  POMERANIAN: '22',
  SILESIAN: '24',
  SWIETOKRZYSKIE: '26',
  WARMIAN_MASURIAN: '28',
  GREATER_POLAND: '30',
  WEST_POMERANIAN: '32',
};

export const Role = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof Role>;

export const Gender = z.enum(['WOMAN', 'MAN']);
export type Gender = z.infer<typeof Gender>;

export const AuthProvider = z.enum(['GOOGLE', 'FACEBOOK', 'APPLE']);
export type AuthProvider = z.infer<typeof AuthProvider>;

export const ServiceRole = z.enum(['PERSONAL', 'BUSINESS']);
export type ServiceRole = z.infer<typeof ServiceRole>;

export const AddressSource = z.enum(['NONE', 'PERSONAL_DATA', 'BUSINESS_DATA']);
export type AddressSource = z.infer<typeof AddressSource>;

export const ApplicationKind = z.enum(['admin-panel', 'web-client', 'web-farmer', 'web-landing']);
export type ApplicationKind = z.infer<typeof ApplicationKind>;

/** Admin panel modes; each selects an API base (`/farm-api` or `/garden-api`). */
export const AdminMode = z.enum(['farm', 'garden']);
export type AdminMode = z.infer<typeof AdminMode>;

export const CookieCategory = z.enum(['necessary', 'commercial', 'social']);
export type CookieCategory = z.infer<typeof CookieCategory>;

/** Local storage keys the SPAs use (spec section 3). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  lang: 'lang',
  mode: 'mode',
  splashScreenOn: 'splash_screen_on',
} as const;

// ---- orders ---------------------------------------------------------------

export const FarmOrderStatus = z.enum([
  'PENDING_PAYMENT',
  'PAYMENT_CONFIRMED',
  'KIT_SENT',
  'SAMPLES_COLLECTING_PENDING',
  'SAMPLES_COLLECTING',
  'SAMPLES_COLLECTION_COMPLETED',
  'SAMPLES_SENT',
  'SAMPLES_IN_ANALYSIS',
  'ORDER_COMPLETED',
  'RESULTS_UPDATED',
  'ORDER_CANCELLED',
]);
export type FarmOrderStatus = z.infer<typeof FarmOrderStatus>;

export const GardenTestStatus = z.enum([
  'WAITING_FOR_SHIPMENT',
  'WAITING_FOR_RESULTS',
  'PARTIAL_RESULTS',
  'COMPLETE_RESULTS',
  'RESULTS_UPDATED',
  'RESULTS_READY',
  'CANCELLED',
]);
export type GardenTestStatus = z.infer<typeof GardenTestStatus>;

/** Further statuses named by the spec (offer flow); their transitions are not specified. */
export const OfferStatus = z.enum([
  'REQUEST_SENT',
  'OFFER_RECEIVED',
  'OFFER_ACCEPTED',
  'OFFER_CANCELLED',
  'OFFER_EXPIRED',
  'IN_PROGRESS',
  'LABORATORY',
  'PARTIAL_RESULTS',
  'RESULTS_READY',
]);
export type OfferStatus = z.infer<typeof OfferStatus>;

/** Labels shown to the customer for an order's progress. */
export const ClientStatusLabel = z.enum([
  'IN_PROGRESS',
  'SAMPLE_COLLECTION',
  'COURIER_PICKED',
  'IN_LAB',
  'LAB_REJECTED',
  'PARTIAL_RESULTS',
  'READY_TO_DOWNLOAD',
  'TOOLS_SENT',
  'AWAITING_PAYMENT',
  'CANCELLED',
  'PAID',
  'COMPLETED',
]);
export type ClientStatusLabel = z.infer<typeof ClientStatusLabel>;

export const OrderType = z.enum(['STANDARD', 'EXPRESS']);
export type OrderType = z.infer<typeof OrderType>;

/** Which product an order belongs to: web farm orders or garden (barcode kit) tests. */
export const OrderKind = z.enum(['FARM', 'GARDEN']);
export type OrderKind = z.infer<typeof OrderKind>;

export const SoilTestType = z.enum(['BASIC_TEST']);
export type SoilTestType = z.infer<typeof SoilTestType>;

export const LabTestType = z.enum([
  'EGNER',
  'ORCHARD',
  'MICRO',
  'NITROGEN',
  'UNIVERSAL_METHOD',
  'HUMUS',
  'SULFUR',
  'ABSORBABLE_CALCIUM',
]);
export type LabTestType = z.infer<typeof LabTestType>;

/** Grouping labels of lab test types (spec: horticultural, agricultural, gardening). */
export const LabTestLabel = z.enum(['HORTICULTURAL', 'AGRICULTURAL', 'GARDENING']);
export type LabTestLabel = z.infer<typeof LabTestLabel>;

export const PaymentMethod = z.enum([
  'TRADITIONAL_TRANSFER',
  'DEFERRED_BANK_TRANSFER',
  'ONLINE_BANK_TRANSFER',
]);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * An order's payment. REFUND_DUE: money arrived that the order cannot keep (it was cancelled
 * before the payment came); REFUNDED: an admin returned it (decision 0039).
 */
export const PaymentStatus = z.enum(['PENDING', 'PAID', 'COLLECTION', 'REFUND_DUE', 'REFUNDED']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/**
 * One online payment session (one Przelewy24 transaction) of an order, decision 0039:
 * REGISTERING -> REGISTERED (awaiting the customer) or FAILED (registration failed);
 * REGISTERED -> VERIFIED (paid), REJECTED (the provider refused it), ABANDONED (the customer came
 * back without paying, or started another session or a transfer), EXPIRED (its time ran out),
 * CANCELLED (the order was cancelled); a verified payment the order cannot keep -> REFUND_DUE,
 * returned by an admin -> REFUNDED.
 */
export const PaymentSessionStatus = z.enum([
  'REGISTERING',
  'REGISTERED',
  'FAILED',
  'VERIFIED',
  'REJECTED',
  'ABANDONED',
  'EXPIRED',
  'CANCELLED',
  'REFUND_DUE',
  'REFUNDED',
]);
export type PaymentSessionStatus = z.infer<typeof PaymentSessionStatus>;

export const SamplerStatus = z.enum(['ORDERED', 'NO_ORDER']);
export type SamplerStatus = z.infer<typeof SamplerStatus>;

export const OrderListKind = z.enum(['ORDERED', 'NO_ORDER']);
export type OrderListKind = z.infer<typeof OrderListKind>;

// ---- shipping -------------------------------------------------------------

export const ShipmentType = z.enum(['COURIER', 'PICKUP', 'PICKUP_LABELLESS']);
export type ShipmentType = z.infer<typeof ShipmentType>;

export const ParcelSize = z.enum(['S', 'M', 'L']);
export type ParcelSize = z.infer<typeof ParcelSize>;

/** Spec section 9: S up to 5 kg, M up to 10, L up to 20; each 20x20x15 cm. */
export const PARCEL_SIZES: Record<ParcelSize, { maxWeightKg: number; sizeCm: [number, number, number] }> = {
  S: { maxWeightKg: 5, sizeCm: [20, 20, 15] },
  M: { maxWeightKg: 10, sizeCm: [20, 20, 15] },
  L: { maxWeightKg: 20, sizeCm: [20, 20, 15] },
};

export const CARRIER = 'DPD' as const;

/** Our parcel statuses, mapped from the carrier's tracking events. */
export const ParcelStatus = z.enum(['CREATED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'RETURNED']);
export type ParcelStatus = z.infer<typeof ParcelStatus>;

// ---- soil science ---------------------------------------------------------

export const AgronomicCategory = z.enum(['VERY_LIGHT', 'LIGHT', 'MEDIUM', 'HEAVY', 'ORGANIC']);
export type AgronomicCategory = z.infer<typeof AgronomicCategory>;

export const PhClass = z.enum(['VERY_ACIDIC', 'ACIDIC', 'SLIGHTLY_ACIDIC', 'NEUTRAL', 'ALKALINE']);
export type PhClass = z.infer<typeof PhClass>;

export const NutrientClass = z.enum(['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH']);
export type NutrientClass = z.infer<typeof NutrientClass>;

export const LimingNeed = z.enum(['NECESSARY', 'NEEDED', 'ADVISABLE', 'LIMITED', 'NOT_NEEDED']);
export type LimingNeed = z.infer<typeof LimingNeed>;

export const PlantGroup = z.enum(['FIELD', 'ORCHARD', 'VEGETABLE', 'SPECIAL', 'LAWN']);
export type PlantGroup = z.infer<typeof PlantGroup>;

export const PlantType = z.enum([
  'CEREALS',
  'ROOT_CROPS',
  'FODDER',
  'LEGUMES',
  'FRUIT',
  'VEGETABLES',
  'SPECIAL',
  'LAWN',
]);
export type PlantType = z.infer<typeof PlantType>;

// ---- notifications --------------------------------------------------------

export const NotificationChannel = z.enum(['IN_APP', 'EMAIL', 'SMS']);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/** Each kind of message the product sends (spec sections 4 and 7). */
export const NotificationType = z.enum([
  'ACCOUNT_ACTIVATION',
  'PASSWORD_RESET',
  'ORDER_ADDED_AWAITING_SHIPMENT',
  'ORDER_STATUS_CHANGED',
  'SAMPLES_SENT',
  'SAMPLES_DELIVERED',
  'PARTIAL_RESULTS',
  'ALL_RESULTS',
  'RESULTS_UPDATED',
  'ORDER_CANCELLED',
  'PAYMENT_RECEIVED',
  'PAYMENT_EXPIRED',
  'PAYMENT_REFUND_DUE',
  'SAMPLES_SEND_REMINDER',
  'COURIER_BOOKED',
  'DROP_OFF_CODE',
  'DROP_OFF_CODE_EXPIRING',
  'COMPLAINT_ANSWERED',
  'NEWSLETTER',
  /** My data: the export is ready, or an erasure is to be confirmed (account e-mails). */
  'ACCOUNT_DATA',
]);
export type NotificationType = z.infer<typeof NotificationType>;
