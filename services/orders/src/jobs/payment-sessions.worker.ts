import { z } from 'zod';
import { QueueName } from '@gleba/contracts';
import { defineJob } from '@gleba/platform';
import type { Deps } from '../app/deps';
import { expirePaymentSessions } from '../app/payments';

export const PaymentSessionsJob = defineJob({
  queue: QueueName.ordersPaymentSessions,
  name: 'expire-payment-sessions',
  version: 1,
  schema: z.object({}),
  attempts: 3,
  backoffMs: 10_000,
});

/**
 * A repeatable job (one scheduler, however many instances run): every `PAYMENT_SESSION_CHECK_MS`
 * the online payment sessions past `PAYMENT_SESSION_TTL_MS` end EXPIRED (decision 0039).
 */
export async function startPaymentSessionsJob(deps: Deps): Promise<void> {
  const { jobs, config } = deps.ctx;
  jobs.worker(
    QueueName.ordersPaymentSessions,
    [{ def: PaymentSessionsJob, process: () => expirePaymentSessions(deps) }],
    { concurrency: 1 },
  );
  await jobs.every(PaymentSessionsJob, 'orders-payment-sessions', config.PAYMENT_SESSION_CHECK_MS);
}
