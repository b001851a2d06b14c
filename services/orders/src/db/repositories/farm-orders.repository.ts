import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { TTakenPuncture } from '@gleba/contracts';
import type { Database, FarmOrderSamplesTable, FarmOrdersTable } from '../database';

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

/** The next value of the order number sequence (farm, garden and kit orders share it). */
export async function nextOrderNumberValue(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select nextval('order_number_seq')::int as n`.execute(db);
  return rows[0]!.n;
}

/** Which of `sectorIds` are sampled in an order whose status is not one of `excluded`. */
export async function sectorsInActiveOrders(
  trx: Transaction<Database>,
  sectorIds: string[],
  excluded: readonly string[],
) {
  return trx
    .selectFrom('farm_order_samples as s')
    .innerJoin('farm_orders as o', 'o.id', 's.order_id')
    .select('s.sector_id')
    .where('s.sector_id', 'in', sectorIds)
    .where('o.status', 'not in', excluded)
    .execute();
}

export async function insertFarmOrder(trx: Transaction<Database>, values: Insertable<FarmOrdersTable>) {
  return trx.insertInto('farm_orders').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertFarmOrderSample(
  trx: Transaction<Database>,
  values: Insertable<FarmOrderSamplesTable>,
) {
  await trx.insertInto('farm_order_samples').values(values).execute();
}

/** A savepoint around one sample's insert, so a colliding code is retried in the same transaction. */
export async function savepointSampleCode(trx: Transaction<Database>) {
  await sql`savepoint sample_code`.execute(trx);
}

export async function releaseSampleCode(trx: Transaction<Database>) {
  await sql`release savepoint sample_code`.execute(trx);
}

export async function rollbackToSampleCode(trx: Transaction<Database>) {
  await sql`rollback to savepoint sample_code`.execute(trx);
}

/** An order's samples, by number. */
export async function samplesOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('farm_order_samples')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('sample_number')
    .execute();
}

/** Locks the farm order `orderId` (FOR UPDATE). */
export async function lockFarmOrder(trx: Transaction<Database>, orderId: string) {
  return trx.selectFrom('farm_orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
}

/** Updates the farm order `orderId` and returns it. */
export async function updateFarmOrderRow(db: Db, orderId: string, set: Updateable<FarmOrdersTable>) {
  return db
    .updateTable('farm_orders')
    .set(set)
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function farmOrderStatus(db: Db, orderId: string) {
  return db.selectFrom('farm_orders').select(['status']).where('id', '=', orderId).executeTakeFirst();
}

export async function setFarmOrderPaid(trx: Transaction<Database>, orderId: string, paidAt: Date) {
  await trx
    .updateTable('farm_orders')
    .set({ payment_status: 'PAID', paid_at: paidAt, updated_at: paidAt })
    .where('id', '=', orderId)
    .execute();
}

/** The farm order `orderId`, limited to `ownerId`'s when given. */
export async function findFarmOrder(db: Db, orderId: string, ownerId?: string) {
  let q = db.selectFrom('farm_orders').selectAll().where('id', '=', orderId);
  if (ownerId) q = q.where('user_id', '=', ownerId);
  return q.executeTakeFirst();
}

/** One page of the user's farm orders, newest first, and how many they have. */
export async function farmOrdersPageOfUser(db: Db, userId: string, page: number, perPage: number) {
  const base = db.selectFrom('farm_orders').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}
