import { z } from 'zod';
import { DEFAULT_PORTS, SERVICES, type ServiceName } from './routes';

const serviceUrls = Object.fromEntries(
  SERVICES.map((s) => [
    `${s.toUpperCase().replace(/-/g, '_')}_URL`,
    z.url().default(`http://127.0.0.1:${DEFAULT_PORTS[s]}`),
  ]),
) as Record<string, z.ZodDefault<z.ZodURL>>;

export const ZGatewayConfig = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * Proxies in front of the gateway whose X-Forwarded-For entries are believed (the Ingress: 1).
   * 0: the client is the peer of the connection, whatever X-Forwarded-For it sends.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Prometheus `/metrics` is served only on this port (a listener of its own, never the public
   * one); unset, the gateway serves no metrics. 0 picks a free port (tests).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('gleba'),
  /** Identity's keys, to know the account behind a token for per-account rate limits. */
  JWKS_URL: z.url().default('http://127.0.0.1:3001/.well-known/jwks.json'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per window per client IP, and per signed-in account. */
  RATE_LIMIT_IP: z.coerce.number().int().positive().default(1200),
  RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** A service that has not answered by then gets a 504 with the error body. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Built SPAs; a missing folder is answered with a 503 page naming the build command. */
  CUSTOMER_DIST: z.string().default('frontends/customer/dist'),
  ADMIN_DIST: z.string().default('frontends/admin/dist'),
  LANDING_DIST: z.string().default('frontends/landing/dist'),
  /** WordPress (or its simulator), proxied read-only at /cms for the CMS page. */
  CMS_URL: z.url().optional(),
  /** Map tile and style hosts the SPAs may load (CSP connect-src/img-src), comma-separated. */
  MAP_HOSTS: z
    .string()
    .default('https://*.geoportal.gov.pl https://tile.openstreetmap.org https://*.tile.openstreetmap.org'),
  ...serviceUrls,
});
export type GatewayConfig = z.infer<typeof ZGatewayConfig>;

export function serviceUrl(config: GatewayConfig, service: ServiceName): string {
  return (config as unknown as Record<string, string>)[`${service.toUpperCase().replace(/-/g, '_')}_URL`]!;
}
