import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, GardenTestsTable } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

/** The garden test `id`, if there is one (its id only). */
export async function gardenTestIdById(db: Db, id: string) {
  return db.selectFrom('garden_tests').select('id').where('id', '=', id).executeTakeFirst();
}

/** A garden test whose barcode is one of `codes` (its id only). */
export async function gardenTestIdByBarcodes(db: Db, codes: readonly string[]) {
  return db.selectFrom('garden_tests').select('id').where('barcode', 'in', codes).executeTakeFirst();
}

export async function insertGardenTest(trx: Transaction<Database>, values: Insertable<GardenTestsTable>) {
  return trx.insertInto('garden_tests').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The garden test `id`, limited to `ownerId`'s when given. */
export async function findGardenTest(db: Db, id: string, ownerId?: string) {
  let q = db.selectFrom('garden_tests').selectAll().where('id', '=', id);
  if (ownerId) q = q.where('user_id', '=', ownerId);
  return q.executeTakeFirst();
}

/** Locks the owner's garden test `id` (FOR UPDATE). */
export async function lockOwnedGardenTest(trx: Transaction<Database>, id: string, userId: string) {
  return trx
    .selectFrom('garden_tests')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Locks the garden test `id` (FOR UPDATE). */
export async function lockGardenTest(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('garden_tests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Updates the garden test `id` and returns it. */
export async function updateGardenTestRow(db: Db, id: string, set: Updateable<GardenTestsTable>) {
  return db
    .updateTable('garden_tests')
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function gardenTestStatus(db: Db, id: string) {
  return db.selectFrom('garden_tests').select('status').where('id', '=', id).executeTakeFirst();
}
