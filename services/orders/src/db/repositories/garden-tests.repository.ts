import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

/** The garden test `id`, if there is one (its id only). */
export async function gardenTestIdById(db: Db, id: string) {
  return db.selectFrom('garden_tests').select('id').where('id', '=', id).executeTakeFirst();
}

/** A garden test whose barcode is one of `codes` (its id only). */
export async function gardenTestIdByBarcodes(db: Db, codes: readonly string[]) {
  return db.selectFrom('garden_tests').select('id').where('barcode', 'in', codes).executeTakeFirst();
}
