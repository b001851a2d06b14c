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
  await jobs.every(ShippingRetentionJob, 'apply-retention', deps.config.RETENTION_EVERY_MS, {
    attempts: 3,
    removeOnComplete: 30,
    removeOnFail: 30,
  });
  await jobs.every(PollTrackingJob, 'poll-open-parcels', deps.config.TRACKING_POLL_MS, {
    attempts: 1,
    removeOnComplete: 100,
    removeOnFail: 100,
  });
  await jobs.every(SweepDropOffCodesJob, 'sweep-drop-off-codes', deps.config.DROP_OFF_SWEEP_MS, {
    attempts: 3,
    removeOnComplete: 100,
    removeOnFail: 100,
  });
}
