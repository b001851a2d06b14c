import { z } from 'zod';
import { QueueName, SamplesSendReminderV1 } from '@gleba/contracts';
import { defineJob } from '@gleba/platform';
import type { Deps } from '../app/deps';
import { lockDueReminders, markReminded } from '../db/repositories/send-reminders.repository';
import { sendBy, windowStart } from '../domain/send-reminder';

export const SendReminderJob = defineJob({
  queue: QueueName.ordersSendReminder,
  name: 'remind-to-send-samples',
  version: 1,
  schema: z.object({}),
  attempts: 3,
  backoffMs: 10_000,
});

/** Reminds (once, through the outbox) every customer whose samples are due and not sent. Returns how many. */
export async function sendDueReminders(deps: Deps, now = new Date()): Promise<number> {
  return deps.ctx.db.transaction().execute(async (trx) => {
    const due = await lockDueReminders(trx, now);
    for (const r of due) {
      await markReminded(trx, r, now);
      await deps.ctx.outbox.publish(trx, SamplesSendReminderV1, {
        userId: r.userId,
        orderId: r.id,
        orderNumber: r.orderNumber,
        kind: r.kind,
        since: windowStart(r.kind, r.startedAt).toISOString(),
        sendBy: sendBy(r.kind, r.startedAt).toISOString(),
      });
    }
    if (due.length) deps.ctx.logger.info({ reminders: due.length }, 'send-samples reminders published');
    return due.length;
  });
}

/** A repeatable job (one scheduler, however many instances run) and its worker. */
export async function startSendReminderJob(deps: Deps): Promise<void> {
  const { jobs, config } = deps.ctx;
  jobs.worker(
    QueueName.ordersSendReminder,
    [{ def: SendReminderJob, process: () => sendDueReminders(deps) }],
    { concurrency: 1 },
  );
  await jobs.every(SendReminderJob, 'orders-send-reminder', config.SEND_REMINDER_CHECK_MS);
}
