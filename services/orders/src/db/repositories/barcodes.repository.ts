import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { ZBarcodeLabelsQuery } from '@gleba/contracts';
import type { z } from 'zod';
import type { BarcodeBatchesTable, BarcodeLabelsTable, Database } from '../database';

type Db = Kysely<Database> | Transaction<Database>;
type TBarcodeLabelsQuery = z.output<typeof ZBarcodeLabelsQuery>;

/** Whether the barcode batch `id` exists. */
export async function batchExists(db: Db, id: string) {
  return db.selectFrom('barcode_batches').select('id').where('id', '=', id).executeTakeFirst();
}

export async function insertBatch(trx: Transaction<Database>, values: Insertable<BarcodeBatchesTable>) {
  await trx.insertInto('barcode_batches').values(values).execute();
}

export async function insertLabel(trx: Transaction<Database>, values: Insertable<BarcodeLabelsTable>) {
  await trx.insertInto('barcode_labels').values(values).execute();
}

/** A savepoint around one label's insert, so a colliding code is retried in the same transaction. */
export async function savepointLabelCode(trx: Transaction<Database>) {
  await sql`savepoint label_code`.execute(trx);
}

export async function releaseLabelCode(trx: Transaction<Database>) {
  await sql`release savepoint label_code`.execute(trx);
}

export async function rollbackToLabelCode(trx: Transaction<Database>) {
  await sql`rollback to savepoint label_code`.execute(trx);
}

export async function getBatch(db: Db, batchId: string) {
  return db.selectFrom('barcode_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
}

/** A batch's labels, by barcode. */
export async function labelsOfBatch(db: Db, batchId: string) {
  return db
    .selectFrom('barcode_labels')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('barcode')
    .execute();
}

/** The batch created for a kit order, if any (its id only). */
export async function batchOfKitOrder(db: Db, kitOrderId: string) {
  return db
    .selectFrom('barcode_batches')
    .select('id')
    .where('kit_order_id', '=', kitOrderId)
    .executeTakeFirst();
}

/** A batch's barcodes, in order. */
export async function barcodesOfBatch(db: Db, batchId: string) {
  return db
    .selectFrom('barcode_labels')
    .select('barcode')
    .where('batch_id', '=', batchId)
    .orderBy('barcode')
    .execute();
}

/** The label `code` with whether its batch is paid; `lock` takes it FOR UPDATE. */
export async function labelWithBatch(db: Db, code: string, lock: boolean) {
  let q = db
    .selectFrom('barcode_labels as l')
    .innerJoin('barcode_batches as b', 'b.id', 'l.batch_id')
    .select(['l.id', 'l.barcode', 'l.used_at', 'b.paid'])
    .where('l.barcode', '=', code);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function markLabelUsed(trx: Transaction<Database>, labelId: string, at: Date) {
  await trx.updateTable('barcode_labels').set({ used_at: at }).where('id', '=', labelId).execute();
}

/** One page of batches, newest first, and how many there are. */
export async function batchesPage(db: Db, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('barcode_batches')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('barcode_batches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

/** One page of labels (by barcode) with their batch's paid flag, and how many match. */
export async function labelsPage(db: Db, query: TBarcodeLabelsQuery) {
  let base = db.selectFrom('barcode_labels as l').innerJoin('barcode_batches as b', 'b.id', 'l.batch_id');
  if (query.batchId) base = base.where('l.batch_id', '=', query.batchId);
  if (query.printed) base = base.where('l.printed', '=', query.printed === 'true');
  if (query.paid) base = base.where('b.paid', '=', query.paid === 'true');
  const [rows, count] = await Promise.all([
    base
      .select(['l.id', 'l.barcode', 'l.label', 'l.printed', 'l.used_at', 'l.batch_id', 'b.paid'])
      .orderBy('l.barcode')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

/** Marks a batch and its labels printed. */
export async function markBatchPrinted(trx: Transaction<Database>, batchId: string, at: Date) {
  await trx.updateTable('barcode_labels').set({ printed: true }).where('batch_id', '=', batchId).execute();
  await trx.updateTable('barcode_batches').set({ printed_at: at }).where('id', '=', batchId).execute();
}

export async function setBatchPaid(db: Db, batchId: string, at: Date) {
  return db
    .updateTable('barcode_batches')
    .set({ paid: true, paid_at: at })
    .where('id', '=', batchId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
