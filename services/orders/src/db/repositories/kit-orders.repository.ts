import type { Insertable, Transaction } from 'kysely';
import type { Database, KitOrdersTable } from '../database';

export async function insertKitOrder(trx: Transaction<Database>, values: Insertable<KitOrdersTable>) {
  return trx.insertInto('kit_orders').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Locks the kit order `id` (FOR UPDATE). */
export async function lockKitOrder(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('kit_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setKitOrderPaid(trx: Transaction<Database>, id: string, paidAt: Date) {
  await trx
    .updateTable('kit_orders')
    .set({ payment_status: 'PAID', paid_at: paidAt })
    .where('id', '=', id)
    .execute();
}
