import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';
import {
  FARM_AWAITING_SAMPLES,
  GARDEN_AWAITING_SAMPLES,
  remindStartedBefore,
} from '../../domain/send-reminder';

type Db = Kysely<Database> | Transaction<Database>;

export interface DueReminder {
  kind: 'FARM' | 'GARDEN';
  id: string;
  userId: string;
  orderNumber: string;
  startedAt: Date;
}

/** Shipping reported a shipment of the samples (the first report counts). */
export async function recordSamplesShipped(
  db: Db,
  ref: { orderId: string; testId: string | null },
  at: Date,
): Promise<void> {
  if (ref.testId) {
    await db
      .updateTable('garden_tests')
      .set({ samples_shipped_at: at })
      .where('id', '=', ref.testId)
      .where('samples_shipped_at', 'is', null)
      .execute();
    return;
  }
  await db
    .updateTable('farm_orders')
    .set({ samples_shipped_at: at })
    .where('id', '=', ref.orderId)
    .where('samples_shipped_at', 'is', null)
    .execute();
}

/**
 * Orders and tests whose reminder is due at `now` (nothing sent, not reminded yet), locked for this
 * transaction; another instance running the same sweep skips them.
 */
export async function lockDueReminders(
  trx: Transaction<Database>,
  now: Date,
  limit = 200,
): Promise<DueReminder[]> {
  const farm = await trx
    .selectFrom('farm_orders')
    .select(['id', 'user_id', 'order_number', 'kit_sent_at'])
    .where('status', 'in', FARM_AWAITING_SAMPLES)
    .where('samples_shipped_at', 'is', null)
    .where('send_reminder_at', 'is', null)
    .where('kit_sent_at', '<', remindStartedBefore('FARM', now))
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  const garden = await trx
    .selectFrom('garden_tests')
    .select(['id', 'user_id', 'order_number', 'samples_sent_at'])
    .where('status', 'in', GARDEN_AWAITING_SAMPLES)
    .where('samples_shipped_at', 'is', null)
    .where('send_reminder_at', 'is', null)
    .where('samples_sent_at', '<', remindStartedBefore('GARDEN', now))
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return [
    ...farm.map((r) => ({
      kind: 'FARM' as const,
      id: r.id,
      userId: r.user_id,
      orderNumber: r.order_number,
      startedAt: new Date(r.kit_sent_at!),
    })),
    ...garden.map((r) => ({
      kind: 'GARDEN' as const,
      id: r.id,
      userId: r.user_id,
      orderNumber: r.order_number,
      startedAt: new Date(r.samples_sent_at!),
    })),
  ];
}

export async function markReminded(trx: Db, reminder: DueReminder, at: Date): Promise<void> {
  await trx
    .updateTable(reminder.kind === 'FARM' ? 'farm_orders' : 'garden_tests')
    .set({ send_reminder_at: at })
    .where('id', '=', reminder.id)
    .execute();
}
