import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { sql, type Kysely, type Migration } from 'kysely';
import type { z } from 'zod';
import { loadConfig, ZBaseConfig, type BaseConfig, type ProductionSecret } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { authenticate, jwksKeyResolver, type KeyResolver } from './http/auth';
import { createHttpApp, listenOn } from './http/app';
import { AppError } from './http/errors';
import { Jobs } from './jobs/jobs';
import { httpMetrics, instrumentService, metricsHandler } from './metrics';
import { createLogger, type Logger } from './logger';
import { AmqpConnection } from './messaging/connection';
import { EventConsumer, type ConsumerBatch, type EventHandler } from './messaging/consumer';
import { createOutbox, type Outbox } from './messaging/outbox';
import { OutboxRelay } from './messaging/relay';
import type { EventDefinition } from '@gleba/contracts';

export interface ServiceContext<DB, C extends BaseConfig = BaseConfig> {
  name: string;
  config: C;
  db: Kysely<DB>;
  logger: Logger;
  outbox: Outbox;
  amqp: AmqpConnection;
  jobs: Jobs;
  keys: KeyResolver;
  relay: OutboxRelay;
  /** Aborted when the service begins to stop, before its server waits for open requests (long polls end on it). */
  closing: AbortSignal;
}

export interface ServiceDefinition<DB, C extends BaseConfig = BaseConfig> {
  name: string;
  migrations: Record<string, Migration>;
  /** Mount routers. Every request has already been through `authenticate` (sets `req.auth`). */
  routes: (app: Express, ctx: ServiceContext<DB, C>) => void;
  handlers?: (ctx: ServiceContext<DB, C>) => EventHandler<DB, EventDefinition>[];
  /** Handling a backlog: events that wait share a transaction (`ConsumerBatch`; default: one transaction each). */
  consumerBatch?: (ctx: ServiceContext<DB, C>) => ConsumerBatch<DB>;
  /** Workers, repeatable jobs, servers of its own; returns what stops them. */
  start?: (ctx: ServiceContext<DB, C>) => Promise<(() => Promise<void>) | void>;
  jsonLimit?: string;
  /**
   * The service's whole config schema (base + its own settings). When given, the testkit parses
   * test configs with it, so a service's own defaults apply in tests as in production.
   */
  configSchema?: z.ZodType<C>;
  /**
   * Settings whose defaults only suit the local simulators (provider keys, signing secrets): in
   * production (`NODE_ENV=production`) the service refuses to start until each is set.
   */
  productionSecrets?: readonly ProductionSecret[];
  /** Where this service finds token keys when not from `JWKS_URL` (identity uses its own keys). */
  keyResolver?: (deps: { db: Kysely<DB>; config: C; logger: Logger }) => KeyResolver;
}

export interface RunningService<DB, C extends BaseConfig = BaseConfig> {
  ctx: ServiceContext<DB, C>;
  server: Server;
  url: string;
  /** Where `/metrics` answers: `url`, or the listener of `METRICS_PORT`. */
  metricsUrl: string;
  port: number;
  consumer: EventConsumer<DB>;
  stop: () => Promise<void>;
}

/** The metrics listener of `METRICS_PORT`: `GET /metrics` and nothing else. */
function metricsOnlyApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsHandler());
  app.use((_req, res) => void res.status(404).end());
  return app;
}

const noKeys: KeyResolver = async () => {
  throw new AppError('invalidToken', 401, 'No signing keys configured');
};

/**
 * Starts a service: migrate its database, connect to the broker, start the outbox relay and
 * the consumers, the service's own workers, then listen. Tests call this in-process with a
 * config from the testkit; `runMain` calls it from the environment.
 */
export async function startService<DB, C extends BaseConfig>(
  def: ServiceDefinition<DB, C>,
  config: C,
  overrides: { keys?: KeyResolver; logger?: Logger } = {},
): Promise<RunningService<DB, C>> {
  const logger = overrides.logger ?? createLogger(def.name, config.LOG_LEVEL);
  const db = createDatabase<DB>(config.DATABASE_URL, {
    max: config.DATABASE_POOL_MAX,
    applicationName: def.name,
  });
  await migrateToLatest(db as Kysely<unknown>, def.migrations, { databaseUrl: config.DATABASE_URL, logger });
  const amqp = new AmqpConnection(config.RABBITMQ_URL, logger);
  const keys =
    overrides.keys ??
    def.keyResolver?.({ db, config, logger }) ??
    (config.JWKS_URL ? jwksKeyResolver(config.JWKS_URL) : noKeys);
  const jobs = new Jobs({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    db: db as Kysely<unknown>,
    logger,
  });
  const relay = new OutboxRelay({
    db: db as Kysely<unknown>,
    databaseUrl: config.DATABASE_URL,
    amqp,
    exchange: config.EVENTS_EXCHANGE,
    logger,
    pollMs: config.OUTBOX_POLL_MS,
  });
  const closing = new AbortController();
  const ctx: ServiceContext<DB, C> = {
    name: def.name,
    config,
    db,
    logger,
    outbox: createOutbox(def.name),
    amqp,
    jobs,
    keys,
    relay,
    closing: closing.signal,
  };
  const consumer = new EventConsumer<DB>({
    name: def.name,
    db,
    amqp,
    exchange: config.EVENTS_EXCHANGE,
    queuePrefix: config.QUEUE_PREFIX,
    handlers: def.handlers?.(ctx) ?? [],
    retryDelaysMs: config.CONSUMER_RETRY_DELAYS_MS,
    batch: def.consumerBatch?.(ctx),
    logger,
  });
  await relay.start();
  await consumer.start();
  amqp.start();
  await amqp.waitUntilConnected(10_000);
  // Metrics: wired before the service's own start so its job workers are counted too.
  const stopMetrics = await instrumentService({
    service: def.name,
    relay,
    consumer: consumer as EventConsumer<unknown>,
    amqp,
    jobs,
  }).catch((error: unknown) => {
    logger.warn({ err: error }, 'metrics not wired');
    return () => undefined;
  });
  const stopOwn = (await def.start?.(ctx)) ?? undefined;

  const app = createHttpApp({
    logger,
    jsonLimit: def.jsonLimit,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    readiness: [
      { name: 'database', check: async () => void (await sql`select 1`.execute(db)) },
      { name: 'broker', check: () => amqp.check() },
      { name: 'redis', check: () => jobs.check() },
    ],
    routes: (a) => {
      // Prometheus: not behind authentication; not reachable through the gateway (it forwards /api
      // only); on a port of its own when METRICS_PORT is set.
      if (config.METRICS_PORT === undefined) a.get('/metrics', metricsHandler());
      a.use(httpMetrics(def.name));
      a.use(authenticate(keys));
      def.routes(a, ctx);
    },
  });
  const server = await listenOn(app, config.PORT, config.HOST);
  server.keepAliveTimeout = 65_000;
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.HOST}:${port}`;
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : await listenOn(metricsOnlyApp(), config.METRICS_PORT, config.HOST);
  const metricsUrl = metricsServer
    ? `http://${config.HOST}:${(metricsServer.address() as AddressInfo).port}`
    : url;
  logger.info({ url }, `${def.name} listening`);

  let stopped = false;
  return {
    ctx,
    server,
    url,
    metricsUrl,
    port,
    consumer,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      stopMetrics();
      closing.abort();
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopOwn?.();
      await relay.stop();
      await amqp.close();
      await jobs.close();
      await db.destroy();
    },
  };
}

/** Entry point of a service process: config from the environment, graceful shutdown on signals. */
export async function runMain<DB, S extends z.ZodObject>(
  def: ServiceDefinition<DB, z.infer<S> & BaseConfig>,
  schema: S,
): Promise<void> {
  let config: z.infer<S> & BaseConfig;
  try {
    config = loadConfig(
      schema,
      { SERVICE_NAME: def.name, ...process.env },
      { productionSecrets: def.productionSecrets },
    ) as z.infer<S> & BaseConfig;
  } catch (error) {
    console.error(`[${def.name}] ${(error as Error).message}`);
    process.exit(78); // EX_CONFIG
  }
  if (process.argv.includes('migrate')) {
    // `node dist/main.js migrate`: migrate this service's own database (created if missing), then exit.
    const logger = createLogger(def.name, config.LOG_LEVEL);
    const db = createDatabase<DB>(config.DATABASE_URL, { max: 1 });
    try {
      const applied = await migrateToLatest(db as Kysely<unknown>, def.migrations, {
        databaseUrl: config.DATABASE_URL,
        logger,
      });
      console.log(`[${def.name}] database migrated (${applied.length} new migrations)`);
    } finally {
      await db.destroy();
    }
    return;
  }
  const running = await startService(def, config);
  const shutdown = async (signal: string) => {
    running.ctx.logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    await running
      .stop()
      .catch((error: unknown) => running.ctx.logger.error({ err: error }, 'shutdown failed'));
    clearTimeout(timer);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

export { ZBaseConfig };
