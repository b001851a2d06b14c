import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, KitOrdersTable } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

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

/** One page of kit orders, newest first, and how many there are. */
export async function kitOrdersPage(db: Db, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('kit_orders')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('kit_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

export async function getKitOrder(db: Db, id: string) {
  return db.selectFrom('kit_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The owner's kit order `id`, if it is theirs. */
export async function findOwnedKitOrder(db: Db, id: string, userId: string) {
  return db
    .selectFrom('kit_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
