import { z } from 'zod';
import { ZBaseConfig } from '@gleba/platform';

const int = (d: number, min = 1) => z.coerce.number().int().min(min).default(d);

/** Identity's own settings (defaults apply also when a test passes only the base config). */
export const ZIdentitySettings = z.object({
  /** bcrypt work factor; 12 takes about 0.5 s per hash on our machines. */
  BCRYPT_COST: int(12, 10),
  ACCESS_TOKEN_TTL_SECONDS: int(900),
  REFRESH_TOKEN_TTL_DAYS: int(30),
  ACTIVATION_TOKEN_TTL_HOURS: int(72),
  RESET_TOKEN_TTL_MINUTES: int(60),
  AUTH_CODE_TTL_SECONDS: int(60),
  SOCIAL_STATE_TTL_SECONDS: int(600),
  /** Forgot-password requests allowed per window, per e-mail and per IP. */
  RESET_LIMIT_PER_EMAIL: int(3),
  RESET_LIMIT_PER_IP: int(10),
  RESET_LIMIT_WINDOW_SECONDS: int(3600),
  /** Failed logins allowed per window, per account and per IP. */
  LOGIN_LIMIT_PER_ACCOUNT: int(10),
  LOGIN_LIMIT_PER_IP: int(50),
  LOGIN_LIMIT_WINDOW_SECONDS: int(900),
  /** Wrong current passwords allowed per account and login window when changing the password. */
  PASSWORD_CHANGE_LIMIT_PER_ACCOUNT: int(5),
  /** Where social sign-in sends the browser back (`/login?authCode=...`). */
  CUSTOMER_APP_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** Public `/api` base (through the gateway) for provider callbacks; default: the request's origin + `/api`. */
  PUBLIC_API_URL: z.string().url().optional(),
  /** Default base of every provider endpoint below: the local OIDC simulator. */
  OIDC_BASE_URL: z.string().url().default('http://127.0.0.1:4104'),
  SOCIAL_HTTP_TIMEOUT_MS: int(5000),
  GOOGLE_CLIENT_ID: z.string().default('gleba-google'),
  GOOGLE_CLIENT_SECRET: z.string().default('gleba-google-secret'),
  GOOGLE_ISSUER: z.string().optional(),
  GOOGLE_AUTHORIZE_URL: z.string().url().optional(),
  GOOGLE_TOKEN_URL: z.string().url().optional(),
  GOOGLE_JWKS_URL: z.string().url().optional(),
  APPLE_CLIENT_ID: z.string().default('gleba-apple'),
  /** Used as is when no signing key is configured (the simulator accepts anything). */
  APPLE_CLIENT_SECRET: z.string().default('gleba-apple-secret'),
  /** With these three the client secret is an ES256 JWT, as Apple requires. */
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  APPLE_ISSUER: z.string().optional(),
  APPLE_AUTHORIZE_URL: z.string().url().optional(),
  APPLE_TOKEN_URL: z.string().url().optional(),
  APPLE_JWKS_URL: z.string().url().optional(),
  FACEBOOK_APP_ID: z.string().default('gleba-facebook'),
  FACEBOOK_APP_SECRET: z.string().default('gleba-facebook-secret'),
  FACEBOOK_AUTHORIZE_URL: z.string().url().optional(),
  FACEBOOK_GRAPH_URL: z.string().url().optional(),
  /** My data (decisions 0056, 0057): how long an export archive can be downloaded. */
  EXPORT_ARCHIVE_TTL_DAYS: int(7),
  /** A request some service has not answered within this is sent again and shown late to the admin. */
  PRIVACY_ANSWER_WITHIN_HOURS: int(24),
  /** The privacy check and retention job: once a day. */
  PRIVACY_CHECK_EVERY_MS: int(24 * 3_600_000),
  /** Retention: an account never activated is erased after this many days. */
  UNACTIVATED_ACCOUNT_DAYS: int(30),
  ERASURE_CONFIRM_TTL_HOURS: int(24),
});

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  ...ZIdentitySettings.shape,
});
export type Config = z.infer<typeof ZConfig>;
