import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Settings every service shares; a service extends this with its own. */
export const ZBaseConfig = z.object({
  SERVICE_NAME: z.string().min(1),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  DATABASE_URL: z.url(),
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
  RABBITMQ_URL: z.string().default('amqp://guest:guest@127.0.0.1:5672'),
  /** The one topic exchange; tests give each file its own. */
  EVENTS_EXCHANGE: z.string().default('gleba.events'),
  /** Prefix of this service's queue names (tests give each file its own). */
  QUEUE_PREFIX: z.string().default('gleba'),
  /** Proxies in front whose X-Forwarded-For is believed: the gateway (it sets the header itself). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
  /**
   * When set, Prometheus `/metrics` is served only on this port (a listener of its own, so a
   * network policy can open it to the scraper alone); unset, on the service's port. 0: a free port.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('gleba'),
  /** Where identity publishes its public keys. */
  JWKS_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated delays of consumer retries before dead-lettering. */
  CONSUMER_RETRY_DELAYS_MS: z
    .string()
    .default('1000,5000,30000')
    .transform((s) =>
      s
        .split(',')
        .map((n) => Number(n.trim()))
        .filter((n) => Number.isFinite(n) && n > 0),
    ),
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(1000),
});
export type BaseConfig = z.infer<typeof ZBaseConfig>;

/**
 * Parses the environment with a zod schema and fails fast, naming each missing or invalid
 * variable, instead of letting a service start half-configured.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
  options: { productionSecrets?: readonly ProductionSecret[] } = {},
): z.infer<S> {
  const result = schema.safeParse(env);
  const production = productionSecretProblems(env, options.productionSecrets ?? []);
  if (result.success && production.length === 0) return result.data;
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const missing = issue.code === 'invalid_type' && env[name] === undefined;
        return missing
          ? `missing environment variable ${name}`
          : `environment variable ${name}: ${issue.message}`;
      });
  throw new ConfigError([...problems, ...production]);
}

/**
 * A setting whose default only suits the local simulators (a provider's key, a signing secret):
 * a name, or a list of names of which one must be set (alternative credentials).
 */
export type ProductionSecret = string | readonly string[];

export function isProduction(env: Record<string, string | undefined> = process.env): boolean {
  return env.NODE_ENV === 'production';
}

/**
 * In production (`NODE_ENV=production`) every secret with a simulator default must be given:
 * one problem per missing variable, naming it. Elsewhere none.
 */
export function productionSecretProblems(
  env: Record<string, string | undefined>,
  secrets: readonly ProductionSecret[],
): string[] {
  if (!isProduction(env)) return [];
  const given = (name: string) => (env[name] ?? '').trim() !== '';
  return secrets
    .filter((s) => (typeof s === 'string' ? !given(s) : !s.some(given)))
    .map((s) =>
      typeof s === 'string'
        ? `missing environment variable ${s} (required in production: its default is the simulator's)`
        : `missing environment variable ${s.join(' or ')} (one is required in production: the defaults are the simulator's)`,
    );
}

/** Demo data (known passwords, predictable kit codes) never goes into production. */
export function refuseInProduction(
  what: string,
  env: Record<string, string | undefined> = process.env,
): void {
  if (isProduction(env))
    throw new Error(`${what} refuses to run in production (NODE_ENV=production): it creates demo data`);
}
