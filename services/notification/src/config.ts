import { z } from 'zod';
import { ZBaseConfig } from '@gleba/platform';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3006),
  /** Retention (decision 0057): delivery logs (e-mail and SMS) are deleted after this many days. */
  DELIVERY_LOG_RETENTION_DAYS: z.coerce.number().int().positive().default(90),
  /** How often the retention job runs (daily). */
  RETENTION_EVERY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3_600_000),
  /** Base of links to the customer SPA (`/activate/{token}`, `/soil-tests/{id}/results`). */
  CUSTOMER_APP_URL: z.url().default('http://localhost:8080'),
  /** Base of links to the admin panel (admin password resets). */
  ADMIN_APP_URL: z.url().default('http://localhost:8080/admin'),
  /** Where e-mail goes; `npm start` runs the mail capture simulator (maildev) on 1025. */
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Gleba <no-reply@gleba.pl>'),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /** Without account SID, auth token and a sender, SMS go to the `sms_log` table instead. */
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  /** Sender number (E.164) or alphanumeric id; or use TWILIO_MESSAGING_SERVICE_SID. */
  TWILIO_FROM: optional,
  TWILIO_MESSAGING_SERVICE_SID: optional,
  /** Sender shown in the SMS log when Twilio is not configured. */
  SMS_LOG_FROM: z.string().default('Gleba'),
  /**
   * SMS alphabet (decision 0038): `unicode` keeps Polish letters (UCS-2, 70 characters a segment);
   * `gsm7` writes Polish letters without diacritics so Polish and English texts travel in GSM-7
   * (160 a segment, room for the link). Every SMS stays within one segment either way.
   */
  SMS_ALPHABET: z.enum(['unicode', 'gsm7']).default('unicode'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Attempts and first backoff (exponential) of an e-mail or SMS job. */
  DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  DELIVERY_BACKOFF_MS: z.coerce.number().int().positive().default(5_000),
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /**
   * Where the e-mail and SMS workers run (`jobs/delivery-runner.ts`): `in-process` = in the
   * service's own event loop (the default when the service is embedded: tests, benches),
   * `process` = a child process the service forks (what `node dist/main.js` and `npm start` use
   * unless set), `off` = elsewhere (a separate `node dist/main.js delivery-worker`).
   */
  DELIVERY_WORKER: z.enum(['in-process', 'process', 'off']).default('in-process'),
  /** Delay of a new delivery job, so the event's transaction has committed when a worker looks. */
  DELIVERY_ENQUEUE_DELAY_MS: z.coerce.number().int().min(0).default(50),
  /** How often pending deliveries whose job went missing (Redis lost, crash) are queued again. */
  DELIVERY_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  /** A pending delivery older than this is considered to have lost its job. */
  DELIVERY_SWEEP_AGE_MS: z.coerce.number().int().positive().default(60_000),
  /** Dates in messages are shown in this zone. */
  TIME_ZONE: z.string().default('Europe/Warsaw'),
});
export type Config = z.infer<typeof ZConfig>;
