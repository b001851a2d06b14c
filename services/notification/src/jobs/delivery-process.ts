import { fork, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { createDatabase, createLogger, Jobs, loadConfig, type Logger } from '@gleba/platform';
import { ZConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { createProviders } from '../adapters';
import { deliveryPacer } from './delivery-pacer';
import { deliveryQueue, DeliveryWorker } from './delivery.worker';

/** Argument that makes the service's entry run the delivery worker instead of the service. */
export const DELIVERY_WORKER_ARG = 'delivery-worker';
/** The parent's parsed config, handed to the worker it forks (same database, Redis prefix, providers). */
const CONFIG_ENV = 'NOTIFICATION_DELIVERY_WORKER_CONFIG';

/** What to fork: the bundle itself (dist/main.js) or, running from source, src/main.ts through tsx. */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts'))
    return { file: path.join(path.dirname(here), '..', 'main.ts'), execArgv: ['--import', 'tsx'] };
  return { file: here, execArgv: process.execArgv.filter((a) => !a.startsWith('--cpu-prof')) };
}

/** The message by which the service tells its forked worker the event path's lag (see DeliveryPacer). */
interface LagMessage {
  eventPathLagMs: number;
}

/** A delivery worker forked by the service. */
export interface ForkedDeliveryWorker {
  /** Passes the event path's lag of the last tick on to the worker's pacer (Infinity: fell behind). */
  reportLag(lagMs: number): void;
  stop(): Promise<void>;
}

/** How long the service's start waits for its first delivery worker to be ready before going on without it. */
const READY_TIMEOUT_MS = 30_000;

/**
 * Runs the e-mail and SMS workers in a child process (DELIVERY_WORKER=process), so rendering and
 * sending do not share the event loop of the consumer and the HTTP API. The child is restarted
 * when it dies (jobs wait in Redis meanwhile) and leaves when this process goes away. Resolves
 * when the first child is ready (its start-up no longer competes with the service's work; after
 * READY_TIMEOUT_MS the service goes on and jobs wait).
 */
export async function forkDeliveryWorker(config: Config, logger: Logger): Promise<ForkedDeliveryWorker> {
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
    if (c.pid !== undefined && config.DELIVERY_WORKER_NICE > 0) {
      try {
        setPriority(c.pid, Math.min(19, getPriority(c.pid) + config.DELIVERY_WORKER_NICE));
      } catch (error) {
        logger.warn({ err: error }, 'cannot lower the delivery worker priority');
      }
    }
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
  const reportLag = (lagMs: number) => {
    const c = child;
    if (!c?.connected) return;
    // JSON has no Infinity.
    const message: LagMessage = { eventPathLagMs: Math.min(lagMs, 1e9) };
    c.send(message, (error) => {
      if (error) logger.debug({ err: error }, 'cannot tell the delivery worker the lag');
    });
  };
  const stop = async () => {
    stopping = true;
    clearTimeout(restartTimer);
    const c = child;
    if (!c) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill('SIGTERM');
    const timer = setTimeout(() => c.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { reportLag, stop };
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
    max: config.DELIVERY_CONCURRENCY * 2 + 1,
    applicationName: `${config.SERVICE_NAME}-delivery`,
  });
  const jobs = new Jobs({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    db: db as unknown as Kysely<unknown>,
    logger,
  });
  const worker = new DeliveryWorker({ db, config, providers: createProviders(config, db), logger });
  // Forked by the service: paced on the lag it reports. Run on its own: not paced (its own machine).
  const pacer = process.send ? deliveryPacer(config) : undefined;
  if (pacer) {
    process.on('message', (message) => {
      const lag = (message as Partial<LagMessage> | null)?.eventPathLagMs;
      if (typeof lag === 'number') pacer.report(lag);
    });
  }
  const stopWorker = worker.start(jobs, deliveryQueue(jobs, config, logger), pacer);
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
      await stopWorker();
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
