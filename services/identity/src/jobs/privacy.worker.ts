import { z } from 'zod';
import { QueueName } from '@gleba/contracts';
import { defineJob } from '@gleba/platform';
import { dailyPrivacyCheck } from '../app/privacy';
import type { Deps } from '../app/deps';

export const DailyPrivacyCheckJob = defineJob({
  queue: QueueName.identityPrivacy,
  name: 'daily-privacy-check',
  version: 1,
  schema: z.object({}),
  attempts: 3,
  backoffMs: 60_000,
});

/** The daily check of data requests and the retention of accounts and archives (one scheduler). */
export async function startPrivacyWorker(ctx: Deps): Promise<void> {
  ctx.jobs.worker(
    QueueName.identityPrivacy,
    [{ def: DailyPrivacyCheckJob, process: () => dailyPrivacyCheck(ctx) }],
    {
      concurrency: 1,
    },
  );
  await ctx.jobs.every(DailyPrivacyCheckJob, 'daily-privacy-check', ctx.config.PRIVACY_CHECK_EVERY_MS, {
    attempts: 3,
    removeOnComplete: 30,
    removeOnFail: 30,
  });
}
