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
   * Where the e-mail and SMS workers run: `process` = a child process the service forks (what
   * `node dist/main.js` and `npm start` use unless set), `in-process` = in the service's own event
   * loop (the default when the service is embedded: tests, benches), `off` = elsewhere (a separate
   * `node dist/main.js delivery-worker`).
   */
  DELIVERY_WORKER: z.enum(['in-process', 'process', 'off']).default('in-process'),
  /**
   * Scheduling priority (nice, 0-19) of the forked delivery worker process: when the CPU is short,
   * the consumer and the API (in-app notifications readable at once) go first and e-mails and SMS
   * wait their turn in Redis. 0 keeps the parent's priority. 19 (the lowest priority): at 200
   * events/s with an e-mail and an SMS each, +10 still let the worker's bursts hold the consumer
   * back (p99 3.3-5.3 s, 182-190 handled events/s); +19 kept up (p99 0.83-0.85 s, 199-200/s) and
   * sent as many e-mails meanwhile.
   */
  DELIVERY_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /**
   * E-mail and SMS yield to the event path: when the consumer's transactions take longer than this
   * (ms, from a message's arrival to its ack), unpaced workers drop to DELIVERY_MIN_RATE and a paced
   * rate halves; it grows back while they settle within half of it (see DeliveryPacer). 0: not paced.
   */
  DELIVERY_YIELD_LAG_MS: z.coerce.number().int().min(0).default(50),
  /** The rate (deliveries/s of one worker process) that yielding never goes below. */
  DELIVERY_MIN_RATE: z.coerce.number().positive().default(10),
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
