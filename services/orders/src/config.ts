import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ZBaseConfig } from '@gleba/platform';

/** The repository root: the nearest directory up from the working directory with `config/prices.json`. */
function repositoryRoot(): string {
  let dir = process.cwd();
  for (;;) {
    if (existsSync(path.join(dir, 'config', 'prices.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3003),
  /** The price list (zod `ZPriceList` of @gleba/contracts). */
  PRICES_FILE: z.string().default(path.join(repositoryRoot(), 'config', 'prices.json')),
  /** The customer API as the outside sees it (shared with other services; Przelewy24 notifies `{PUBLIC_API_URL}/payments/p24/notify`). */
  PUBLIC_API_URL: z.string().default('http://127.0.0.1:8080/api'),
  /** The customer web client (shared); after paying, a farm order returns to `{CUSTOMER_APP_URL}/orders/payment-return?orderId=`, a garden kit to `/soil-tests`. */
  CUSTOMER_APP_URL: z.string().default('http://127.0.0.1:8080'),
  /** Overrides where the customer lands after paying. */
  P24_RETURN_URL: z.string().optional(),
  /** Przelewy24: the local simulator by default; the sandbox is https://sandbox.przelewy24.pl. */
  P24_URL: z.string().default('http://127.0.0.1:4102'),
  P24_MERCHANT_ID: z.coerce.number().int().positive().default(100000),
  P24_POS_ID: z.coerce.number().int().positive().default(100000),
  P24_API_KEY: z.string().min(1).default('simulator-api-key'),
  P24_CRC: z.string().min(1).default('simulator-crc'),
  P24_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Traditional and deferred transfers. */
  BANK_ACCOUNT_NUMBER: z.string().default('PL61 1090 1014 0000 0712 1981 2874'),
  BANK_RECIPIENT: z.string().default('Gleba Sp. z o.o., ul. Polna 1, 00-001 Warszawa'),
  PAYMENT_DUE_DAYS: z.coerce.number().int().positive().default(14),
  /** How often the repeatable job looks for overdue deferred payments. */
  PAYMENT_DUE_CHECK_MS: z.coerce.number().int().positive().default(3_600_000),
  /** How often the 4-day rule's reminders are looked for. */
  SEND_REMINDER_CHECK_MS: z.coerce.number().int().positive().default(900_000),
  /**
   * How long an online payment session may be paid (also sent to Przelewy24 as `timeLimit`, in
   * whole minutes); then the sweep ends it as EXPIRED and the customer is told (decision 0039).
   */
  PAYMENT_SESSION_TTL_MS: z.coerce.number().int().positive().default(1_800_000),
  /** How often the repeatable job looks for expired payment sessions. */
  PAYMENT_SESSION_CHECK_MS: z.coerce.number().int().positive().default(60_000),
  /** Sample photos (default under the repository's ignored `.gleba/`). */
  UPLOAD_DIR: z.string().default(path.join(repositoryRoot(), '.gleba', 'uploads', 'orders')),
  PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
});
export type Config = z.infer<typeof ZConfig>;
