import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import {
  createDatabase,
  createLogger,
  Jobs,
  loadConfig,
  type Logger,
  type ServiceContext,
} from '@gleba/platform';
import { ZConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { createProviders } from '../adapters';
import { deliveryQueue, DeliveryWorker } from './delivery.worker';

/**
 * Starts the e-mail and SMS workers where DELIVERY_WORKER says and returns what stops them:
 * - `in-process`: in this process (`startDeliveryWorkers`), the plain path;
 * - `process`: in a child process this service forks and keeps alive (what `node dist/main.js`
 *   uses unless told otherwise), so rendering and sending never share the event loop of the
 *   consumer and the HTTP API;
 * - `off`: none here; a separate `node dist/main.js delivery-worker` sends them.
 */
export async function startDeliveries(ctx: ServiceContext<Database, Config>): Promise<() => Promise<void>> {
  switch (ctx.config.DELIVERY_WORKER) {
    case 'in-process':
      return startDeliveryWorkers(ctx);
    case 'process':
      return forkDeliveryWorker(ctx.config, ctx.logger);
    case 'off':
      return async () => undefined;
  }
}

/**
 * Both workers and their sweeper on the given database and Redis. Stopping closes the workers
 * (each finishes the job it is running) and then the SMTP pool.
 */
export function startDeliveryWorkers(deps: {
  db: Kysely<Database>;
  config: Config;
  jobs: Jobs;
  logger: Logger;
}): () => Promise<void> {
  const { db, config, jobs, logger } = deps;
  const worker = new DeliveryWorker({ db, config, providers: createProviders(config, db), logger });
  return worker.start(jobs, deliveryQueue(jobs, config, logger));
}

/** Argument that makes the service's entry run the delivery worker instead of the service. */
export const DELIVERY_WORKER_ARG = 'delivery-worker';
/** The parent's parsed config, handed to the worker it forks (same database, Redis prefix, providers). */
const CONFIG_ENV = 'NOTIFICATION_DELIVERY_WORKER_CONFIG';
/** How long the service's start waits for its first delivery worker to be ready before going on without it. */
const READY_TIMEOUT_MS = 30_000;

/** What to fork: the bundle itself (dist/main.js) or, running from source, src/main.ts through tsx. */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts'))
    return { file: path.join(path.dirname(here), '..', 'main.ts'), execArgv: ['--import', 'tsx'] };
  return { file: here, execArgv: process.execArgv.filter((a) => !a.startsWith('--cpu-prof')) };
}

/**
 * Forks the delivery worker (`runDeliveryWorker` in the child). The child is started again with
 * a growing delay when it dies (jobs wait in Redis meanwhile) and leaves when this process goes
 * away. Resolves when the first child is ready, so its start-up does not compete with the
 * service's; after READY_TIMEOUT_MS the service goes on and jobs wait. Returns what stops it.
 */
async function forkDeliveryWorker(config: Config, logger: Logger): Promise<() => Promise<void>> {
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let child: ChildProcess | null = null;
  let stopping = false;
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  const spawnWorker = () => {
    const { file, execArgv } = workerEntry();
    const started = Date.now();
    const c = fork(file, [DELIVERY_WORKER_ARG], {
      execArgv,
      env: { ...process.env, [CONFIG_ENV]: JSON.stringify(config) },
      stdio: 'inherit',
    });
    child = c;
    c.on('message', (message) => {
      if ((message as { ready?: unknown } | null)?.ready === true) markReady();
    });
    c.once('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      if (Date.now() - started > 60_000) restarts = 0;
      const delay = Math.min(30_000, 500 * 2 ** restarts);
      restarts += 1;
      logger.error({ code, signal, delay }, 'delivery worker exited; starting it again');
      restartTimer = setTimeout(spawnWorker, delay);
    });
  };
  spawnWorker();
  let timer: NodeJS.Timeout | undefined;
  const started = await Promise.race([
    ready.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if (!started)
    logger.warn(
      { timeoutMs: READY_TIMEOUT_MS },
      'delivery worker not ready yet; starting without waiting for it',
    );
  return async () => {
    stopping = true;
    clearTimeout(restartTimer);
    const c = child;
    if (!c) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill('SIGTERM');
    const killTimer = setTimeout(() => c.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killTimer);
  };
}

/**
 * The delivery worker process: `node dist/main.js delivery-worker`. Forked by the service with its
 * config, or run on its own (another container) with the service's environment. It does not
 * migrate: the service does.
 */
export async function runDeliveryWorker(): Promise<void> {
  const fromParent = process.env[CONFIG_ENV];
  let config: Config;
  try {
    config = fromParent
      ? (JSON.parse(fromParent) as Config)
      : loadConfig(ZConfig, { SERVICE_NAME: 'notification', ...process.env });
  } catch (error) {
    console.error(`[notification delivery worker] ${(error as Error).message}`);
    process.exit(78); // EX_CONFIG
  }
  const logger = createLogger(`${config.SERVICE_NAME}-delivery`, config.LOG_LEVEL);
  const db = createDatabase<Database>(config.DATABASE_URL, {
    max: Math.min(config.DELIVERY_CONCURRENCY * 2 + 1, 10),
    applicationName: `${config.SERVICE_NAME}-delivery`,
  });
  const jobs = new Jobs({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    db: db as unknown as Kysely<unknown>,
    logger,
  });
  const stopWorkers = startDeliveryWorkers({ db, config, jobs, logger });
  logger.info('delivery worker started');
  process.send?.({ ready: true });
  let stopping = false;
  const shutdown = async (why: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ why }, 'delivery worker stopping');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await jobs.close(); // waits for the jobs running now
      await stopWorkers();
      await db.destroy();
    } catch (error) {
      logger.error({ err: error }, 'delivery worker shutdown failed');
    }
    clearTimeout(timer);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  // Forked: the parent gone (even killed) means this worker goes too.
  if (process.send) process.once('disconnect', () => void shutdown('parent gone'));
}
