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
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const missing = issue.code === 'invalid_type' && env[name] === undefined;
    return missing
      ? `missing environment variable ${name}`
      : `environment variable ${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
