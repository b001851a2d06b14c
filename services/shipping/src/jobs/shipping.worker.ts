import { z } from 'zod';
import { QueueName } from '@gleba/contracts';
import { defineJob, type Jobs } from '@gleba/platform';
import { sweepDropOffCodes } from '../app/drop-off-codes';
import type { Deps } from '../app/deps';
import { pollOpenParcels } from '../app/tracking';
import { applyRetention } from '../app/privacy';

export const PollTrackingJob = defineJob({
  queue: QueueName.shippingTracking,
  name: 'poll-open-parcels',
  version: 1,
  schema: z.object({}),
  attempts: 1,
  backoffMs: 1000,
});

export const SweepDropOffCodesJob = defineJob({
  queue: QueueName.shippingDropOffCodes,
  name: 'sweep-drop-off-codes',
  version: 1,
  schema: z.object({}),
  attempts: 3,
  backoffMs: 1000,
});

export const ShippingRetentionJob = defineJob({
  queue: QueueName.shippingRetention,
  name: 'apply-retention',
  version: 1,
  schema: z.object({}),
  attempts: 3,
  backoffMs: 60_000,
});

/**
 * Repeatable jobs (BullMQ job schedulers: one per queue, upserted on every start so the
 * interval follows the configuration) and their workers.
 */
export async function startWorkers(jobs: Jobs, deps: Deps): Promise<void> {
  jobs.worker(QueueName.shippingTracking, [{ def: PollTrackingJob, process: () => pollOpenParcels(deps) }], {
    concurrency: 1,
  });
  jobs.worker(
    QueueName.shippingDropOffCodes,
    [{ def: SweepDropOffCodesJob, process: () => sweepDropOffCodes(deps) }],
    { concurrency: 1 },
  );
  jobs.worker(
    QueueName.shippingRetention,
    [{ def: ShippingRetentionJob, process: () => applyRetention(deps) }],
    {
      concurrency: 1,
    },
  );
  await jobs.queue(QueueName.shippingRetention).upsertJobScheduler(
    'apply-retention',
    { every: deps.config.RETENTION_EVERY_MS },
    {
      name: ShippingRetentionJob.name,
      data: { v: ShippingRetentionJob.version, data: {} },
      opts: { attempts: 3, removeOnComplete: 30, removeOnFail: 30 },
    },
  );
  await jobs.queue(QueueName.shippingTracking).upsertJobScheduler(
    'poll-open-parcels',
    { every: deps.config.TRACKING_POLL_MS },
    {
      name: PollTrackingJob.name,
      data: { v: PollTrackingJob.version, data: {} },
      opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 },
    },
  );
  await jobs.queue(QueueName.shippingDropOffCodes).upsertJobScheduler(
    'sweep-drop-off-codes',
    { every: deps.config.DROP_OFF_SWEEP_MS },
    {
      name: SweepDropOffCodesJob.name,
      data: { v: SweepDropOffCodesJob.version, data: {} },
      opts: { attempts: 3, removeOnComplete: 100, removeOnFail: 100 },
    },
  );
}
