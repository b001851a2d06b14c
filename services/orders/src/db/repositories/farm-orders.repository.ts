import type { Kysely, Transaction } from 'kysely';
import type { TTakenPuncture } from '@gleba/contracts';
import type { Database } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

/** Deferred transfers past their due date go to COLLECTION; returns their order numbers. */
export async function moveOverdueToCollection(db: Db) {
  return db
    .updateTable('farm_orders')
    .set({ payment_status: 'COLLECTION', updated_at: new Date() })
    .where('payment_method', '=', 'DEFERRED_BANK_TRANSFER')
    .where('payment_status', '=', 'PENDING')
    .where('status', '!=', 'ORDER_CANCELLED')
    .where('payment_due_date', '<', new Date())
    .returning('order_number')
    .execute();
}

/** Locks the owner's farm order `orderId` (FOR UPDATE) and returns its id and status. */
export async function lockOwnedFarmOrderStatus(trx: Transaction<Database>, orderId: string, ownerId: string) {
  return trx
    .selectFrom('farm_orders')
    .select(['id', 'status'])
    .where('id', '=', orderId)
    .where('user_id', '=', ownerId)
    .forUpdate()
    .executeTakeFirst();
}

/** The sample `sampleId` of the farm order `orderId`. */
export async function sampleOfOrder(db: Db, orderId: string, sampleId: string) {
  return db
    .selectFrom('farm_order_samples')
    .selectAll()
    .where('id', '=', sampleId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** Stores the punctures taken for a sample. */
export async function setTakenPunctures(db: Db, sampleId: string, punctures: TTakenPuncture[]) {
  await db
    .updateTable('farm_order_samples')
    .set({ taken_punctures: JSON.stringify(punctures) })
    .where('id', '=', sampleId)
    .execute();
}
