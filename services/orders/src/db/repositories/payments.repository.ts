import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

/** The failed payment records of an order. */
export async function failedOrdersOf(db: Db, subjectId: string) {
  return db.selectFrom('failed_orders').selectAll().where('subject_id', '=', subjectId).execute();
}
