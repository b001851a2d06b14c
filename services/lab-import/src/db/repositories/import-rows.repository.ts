import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database';

/**
 * Rows a check staged for apply (`import_rows`). Batches are passed as one JSON recordset
 * parameter (`recordsetBuffer` / `recordsetJson`), never a query per row.
 */

/** The transaction's commit does not wait for the WAL flush (work a retried job redoes). */
export async function withoutWalFlush(trx: Transaction<Database>): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(trx);
}

/** Stages a batch of checked rows (the recordset of `STAGED_COLUMNS`). */
export async function stageRows(
  trx: Transaction<Database>,
  importId: string,
  rows: Uint8Array | string,
): Promise<void> {
  await sql`
    insert into import_rows (import_id, row_number, sample_id, order_id, test_type, category, elements, advice, classes, recommendation_id, recommendation_measured, recommendation_error, advised_for)
    select ${importId}, x.row_number, x.sample_id, x.order_id, x.test_type, x.category, x.elements, x.advice, x.classes, x.recommendation_id, x.recommendation_measured, x.recommendation_error, x.advised_for
    from json_to_recordset(${rows}::json) as x(row_number integer, sample_id uuid, order_id uuid, test_type text, category text, elements json, advice json,
      classes json, recommendation_id text, recommendation_measured json, recommendation_error text, advised_for text)
  `.execute(trx);
}

/** The orders an import staged rows of, with their row counts, in order id order. */
export async function stagedOrders(db: Kysely<Database>, importId: string) {
  return db
    .selectFrom('import_rows')
    .select(['order_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('import_id', '=', importId)
    .groupBy('order_id')
    .orderBy('order_id')
    .execute();
}

/** The staged rows of the orders: what apply needs to tell whether their advice is still right. */
export async function stagedRowsOf(
  trx: Transaction<Database>,
  importId: string,
  orderIds: readonly string[],
) {
  return trx
    .selectFrom('import_rows')
    .select(['row_number', 'sample_id', 'advised_for'])
    .where('import_id', '=', importId)
    .where(sql<boolean>`order_id = any(${orderIds}::uuid[])`)
    .orderBy('row_number')
    .execute();
}

/** The advice inputs of staged rows; rows staged without `advice` (older versions) give their elements. */
export async function adviceInputsOf(
  trx: Transaction<Database>,
  importId: string,
  rowNumbers: readonly number[],
) {
  return trx
    .selectFrom('import_rows')
    .select((eb) => [
      'row_number',
      'category',
      'advice',
      eb.case().when('advice', 'is', null).then(eb.ref('elements')).end().as('elements'),
    ])
    .where('import_id', '=', importId)
    .where(sql<boolean>`row_number = any(${rowNumbers}::integer[])`)
    .orderBy('row_number')
    .execute();
}

/** Applied rows leave the staging table; what is left is what a retry resumes. */
export async function deleteStaged(
  trx: Transaction<Database>,
  importId: string,
  orderIds: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom('import_rows')
    .where('import_id', '=', importId)
    .where(sql<boolean>`order_id = any(${orderIds}::uuid[])`)
    .execute();
}
