import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions, type Processor } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { QueueName } from '@gleba/contracts';
import type { Logger } from '../logger';

/** A kind of job: its queue, its versioned payload schema, and its retry policy. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  queue: QueueName;
  name: string;
  version: number;
  schema: S;
  attempts: number;
  backoffMs: number;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

export interface JobPayload<T> {
  v: number;
  data: T;
}

export function createRedis(url: string, options: RedisOptions = {}): Redis {
  // BullMQ workers need blocking commands without a per-request retry limit.
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: false,
    ...options,
  });
}

export interface JobsOptions_ {
  redisUrl: string;
  prefix: string;
  db: Kysely<unknown>;
  logger: Logger;
}

/**
 * Queues and workers for one service. Payloads are validated on the way in and out; a job that
 * runs out of attempts is recorded in `job_failures` where an admin can see it.
 */
export class Jobs {
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly connection: Redis;

  constructor(private readonly options: JobsOptions_) {
    this.connection = createRedis(options.redisUrl);
    this.connection.on('error', () => undefined);
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.options.prefix });
      queue.on('error', (error) => this.options.logger.warn({ err: error, queue: name }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add<S extends z.ZodType>(
    def: JobDefinition<S>,
    data: z.infer<S>,
    options: JobsOptions = {},
  ): Promise<Job> {
    const payload: JobPayload<z.infer<S>> = { v: def.version, data: def.schema.parse(data) };
    return this.queue(def.queue).add(def.name, payload, {
      attempts: def.attempts,
      backoff: { type: 'exponential', delay: def.backoffMs },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
      ...options,
    });
  }

  /**
   * Runs a job with an empty payload every `everyMs` (a BullMQ job scheduler, one per `schedulerId`
   * however many replicas start it). `options` are each run's job options (attempts, retention).
   */
  async every(
    def: JobDefinition,
    schedulerId: string,
    everyMs: number,
    options: JobsOptions = {},
  ): Promise<void> {
    const payload: JobPayload<unknown> = { v: def.version, data: def.schema.parse({}) };
    await this.queue(def.queue).upsertJobScheduler(
      schedulerId,
      { every: everyMs },
      { name: def.name, data: payload, opts: options },
    );
  }

  /** A worker for one queue; `handlers` maps job names to their definition and processor. */
  worker(
    queue: QueueName,
    handlers: { def: JobDefinition; process: (data: unknown, job: Job) => Promise<unknown> }[],
    options: { concurrency?: number } = {},
  ): Worker {
    const byName = new Map(handlers.map((h) => [h.def.name, h]));
    const processor: Processor = async (job) => {
      const handler = byName.get(job.name);
      if (!handler) throw new UnrecoverableError(`no handler for job ${job.name}`);
      const payload = job.data as Partial<JobPayload<unknown>>;
      if (payload.v !== handler.def.version)
        throw new UnrecoverableError(
          `job ${job.name} has version ${payload.v}, expected ${handler.def.version}`,
        );
      const parsed = handler.def.schema.safeParse(payload.data);
      if (!parsed.success)
        throw new UnrecoverableError(`invalid payload for ${job.name}: ${parsed.error.issues[0]?.message}`);
      return handler.process(parsed.data, job);
    };
    const worker = new Worker(queue, processor, {
      connection: createRedis(this.options.redisUrl),
      prefix: this.options.prefix,
      concurrency: options.concurrency ?? 4,
    });
    worker.on('error', (error) => this.options.logger.warn({ err: error, queue }, 'worker error'));
    worker.on('failed', (job, error) => {
      if (!job) return;
      const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (!final) return;
      this.options.logger.error({ err: error, queue, job: job.name, jobId: job.id }, 'job failed finally');
      void sql`insert into job_failures (queue, job_id, job_name, payload, error, attempts)
        values (${queue}, ${job.id ?? null}, ${job.name}, ${JSON.stringify(job.data)}::jsonb, ${error.message}, ${job.attemptsMade})`
        .execute(this.options.db)
        .catch((e: unknown) => this.options.logger.error({ err: e }, 'cannot record job failure'));
    });
    this.workers.push(worker);
    return worker;
  }

  async check(): Promise<void> {
    const pong = await this.connection.ping();
    if (pong !== 'PONG') throw new Error(`redis answered ${pong}`);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.connection.disconnect();
  }
}
