import { z } from 'zod';
import { QueueName } from '@gleba/contracts';
import { defineJob, type ServiceContext } from '@gleba/platform';
import { applyRetention } from '../app/privacy';
import type { Config } from '../config';
import type { Database } from '../db/database';

export const NotificationRetentionJob = defineJob({
  queue: QueueName.notificationRetention,
  name: 'apply-retention',
  version: 1,
  schema: z.object({}),
  attempts: 3,
  backoffMs: 60_000,
});

/** The daily retention of delivery logs (a BullMQ job scheduler, upserted on every start). */
export async function startRetentionWorker(ctx: ServiceContext<Database, Config>): Promise<void> {
  ctx.jobs.worker(
    QueueName.notificationRetention,
    [{ def: NotificationRetentionJob, process: () => applyRetention(ctx) }],
    { concurrency: 1 },
  );
  await ctx.jobs.every(NotificationRetentionJob, 'apply-retention', ctx.config.RETENTION_EVERY_MS, {
    attempts: 3,
    removeOnComplete: 30,
    removeOnFail: 30,
  });
}
