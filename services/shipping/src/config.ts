import { z } from 'zod';
import { ZBaseConfig } from '@gleba/platform';

const DPD_DEFAULT = 'http://127.0.0.1:4101';

/** Shipping's own settings (every one has a default: the simulator and the spec's constants). */
export const ZShippingConfig = z.object({
  /** DPDServices host (shipment and courier operations); the simulator by default. */
  DPD_URL: z.url().default(DPD_DEFAULT),
  DPD_LOGIN: z.string().min(1).default('test'),
  DPD_PASSWORD: z.string().min(1).default('test'),
  /** Master FID (payer) of the contract. */
  DPD_FID: z.string().min(1).default('1495'),
  /** DPDInfoServices host (tracking); production only in the real world. */
  DPD_INFO_URL: z.url().default(DPD_DEFAULT),
  /** Pickup point (MyPudo) host and key. */
  DPD_PUDO_URL: z.url().default(DPD_DEFAULT),
  DPD_PUDO_KEY: z.string().min(1).default('sim'),
  DPD_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The laboratory: receiver of every parcel. */
  LAB_NAME: z.string().default('Laboratorium Gleba'),
  LAB_COMPANY: z.string().default('Gleba sp. z o.o.'),
  LAB_STREET: z.string().default('ul. Rolnicza 1'),
  LAB_POSTCODE: z.string().default('00-950'),
  LAB_CITY: z.string().default('Warszawa'),
  LAB_PHONE: z.string().default('+48221234567'),
  LAB_EMAIL: z.string().default('lab@gleba.pl'),
  /** How often open parcels are polled at DPD. */
  TRACKING_POLL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  /** Retention (decision 0057): how often expired drop-off codes are deleted (daily). */
  RETENTION_EVERY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3_600_000),
  /** How often drop-off codes are checked for expiry. */
  DROP_OFF_SWEEP_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
  /** Spec: a parcel-locker code is valid 14 days. */
  DROP_OFF_CODE_VALID_DAYS: z.coerce.number().int().positive().default(14),
  /** The user is told this many hours before the code expires. */
  DROP_OFF_CODE_WARN_HOURS: z.coerce.number().int().positive().default(48),
  /** Latest courier pickup date, in days from today. */
  COURIER_MAX_DAYS_AHEAD: z.coerce.number().int().positive().default(14),
  /** Time zone of dates (pickup dates, the day of a protocol). */
  TIME_ZONE: z.string().default('Europe/Warsaw'),
});

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3005),
  ...ZShippingConfig.shape,
});
export type Config = z.infer<typeof ZConfig>;
