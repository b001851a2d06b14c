import { z } from 'zod';
import { QueueName } from '@gleba/contracts';
import { defineJob } from '@gleba/platform';
import type { Deps } from '../app/deps';
import { moveOverdueToCollection } from '../db/repositories/farm-orders.repository';

export const PaymentDueJob = defineJob({
  queue: QueueName.ordersPaymentDue,
  name: 'check-overdue-payments',
  version: 1,
  schema: z.object({}),
  attempts: 3,
  backoffMs: 10_000,
});

/** Deferred transfers past their due date go to COLLECTION (debt collection). Returns how many. */
export async function markOverduePayments(deps: Deps): Promise<number> {
  const rows = await moveOverdueToCollection(deps.ctx.db);
  if (rows.length)
    deps.ctx.logger.info(
      { orders: rows.map((r) => r.order_number) },
      'overdue deferred payments moved to collection',
    );
  return rows.length;
}

/** A repeatable job (one scheduler, however many instances run) and its worker. */
export async function startPaymentDueJob(deps: Deps): Promise<void> {
  const { jobs, config } = deps.ctx;
  jobs.worker(
    QueueName.ordersPaymentDue,
    [{ def: PaymentDueJob, process: () => markOverduePayments(deps) }],
    { concurrency: 1 },
  );
  await jobs.every(PaymentDueJob, 'orders-payment-due', config.PAYMENT_DUE_CHECK_MS);
}
