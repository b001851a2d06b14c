import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { LabImportErrorCode, ResultsImportedV1, type AgronomicCategory, type EventData } from '@gleba/contracts';
import type { Insertable } from 'kysely';
import type { Outbox } from '@gleba/platform';
import type { Database } from '../db/database';
import { createAdviser, orderedTests } from '../domain/recommendation';
import { stagedValues, storedElementsJson } from '../domain/rows';

export interface ApplyOptions {
  batchSize: number;
  signal: AbortSignal;
}

/**
 * Stores the staged rows as results, whole orders at a time: one transaction holds an order's
 * results and its `lab.results.imported` event, so the event goes out if and only if the results
 * are stored. A staged row is deleted in the same transaction, so a retried job resumes where it
 * stopped instead of applying a row twice.
 */
export async function applyImport(db: Kysely<Database>, outbox: Outbox, importId: string, options: ApplyOptions): Promise<void> {
  const imp = await db.selectFrom('imports').select(['id', 'status', 'rows_rejected']).where('id', '=', importId).executeTakeFirst();
  if (!imp) return;
  await db.updateTable('imports').set({ status: 'APPLYING', phase: 'apply', percent: 0 }).where('id', '=', importId).execute();

  const orders = await db
    .selectFrom('import_rows')
    .select(['order_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('import_id', '=', importId)
    .groupBy('order_id')
    .orderBy('order_id')
    .execute();

  let chunk: string[] = [];
  let chunkRows = 0;
  const chunks: string[][] = [];
  for (const o of orders) {
    chunk.push(o.order_id);
    chunkRows += Number(o.n);
    if (chunkRows >= options.batchSize) {
      chunks.push(chunk);
      chunk = [];
      chunkRows = 0;
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  const advise = createAdviser();

  for (const orderIds of chunks) {
    options.signal.throwIfAborted();
    await db.transaction().execute(async (trx) => {
      // No wait for the WAL flush: a crash can lose only whole batches (results, events and the
      // removal of their staged rows together), which the retried job applies again.
      await sql`set local synchronous_commit = off`.execute(trx);
      // Locks the orders' samples: two imports touching one order take turns.
      const samples = await trx.selectFrom('expected_samples').selectAll().where('order_id', 'in', orderIds).orderBy('sample_id').forUpdate().execute();
      const sampleById = new Map(samples.map((s) => [s.sample_id, s]));
      const staged = await trx
        .selectFrom('import_rows')
        .select(['row_number', 'sample_id', 'order_id', 'test_type', 'category', 'elements'])
        .where('import_id', '=', importId)
        .where('order_id', 'in', orderIds)
        .orderBy('row_number')
        .execute();

      const values: Insertable<Database['results']>[] = [];
      const rejectedRows: Insertable<Database['import_errors']>[] = [];
      for (const row of staged) {
        const sample = sampleById.get(row.sample_id);
        if (!sample || sample.cancelled_at !== null) {
          rejectedRows.push({ import_id: importId, row_number: row.row_number, label: sample?.code ?? null, code: LabImportErrorCode.importNoMatchingOrders, message: 'the order was cancelled after the check' });
          continue;
        }
        const advice = advise(stagedValues(row.elements), row.category as AgronomicCategory | null, {
          kind: sample.kind,
          plantId: sample.plant_id,
          areaHa: sample.area_ha === null ? null : Number(sample.area_ha),
          areaAres: sample.area_ares === null ? null : Number(sample.area_ares),
        });
        values.push({
          id: randomUUID(),
          sample_id: row.sample_id,
          test_type: row.test_type,
          agronomic_category: row.category,
          elements: storedElementsJson(row.elements),
          classes: advice.classes,
          recommendation: advice.recommendation,
          recommendation_error: advice.recommendationError,
          rulesets: advice.rulesets,
          import_id: importId,
        });
      }

      const written = values.length
        ? await trx
            .insertInto('results')
            .values(values)
            .onConflict((oc) =>
              oc.columns(['sample_id', 'test_type']).doUpdateSet((eb) => ({
                agronomic_category: eb.ref('excluded.agronomic_category'),
                elements: eb.ref('excluded.elements'),
                classes: eb.ref('excluded.classes'),
                recommendation: eb.ref('excluded.recommendation'),
                recommendation_error: eb.ref('excluded.recommendation_error'),
                rulesets: eb.ref('excluded.rulesets'),
                import_id: eb.ref('excluded.import_id'),
                version: sql<number>`results.version + 1`,
                updated_at: sql<Date>`now()`,
              })),
            )
            .returning(['sample_id', 'test_type', sql<boolean>`(xmax = 0)`.as('inserted')])
            .execute()
        : [];

      // Which of the orders' expected tests have results now, to tell PARTIAL from COMPLETE.
      const activeSamples = samples.filter((s) => s.cancelled_at === null);
      const present = activeSamples.length
        ? await trx
            .selectFrom('results')
            .select(['sample_id', 'test_type'])
            .where(
              'sample_id',
              'in',
              activeSamples.map((s) => s.sample_id),
            )
            .execute()
        : [];
      const presentKeys = new Set(present.map((p) => `${p.sample_id}|${p.test_type}`));
      const now = new Date().toISOString();
      const messages: EventData<typeof ResultsImportedV1>[] = [];
      const writtenByOrder = groupBy(written, (w) => sampleById.get(w.sample_id)!.order_id);
      const samplesByOrder = groupBy(activeSamples, (s) => s.order_id);
      for (const orderId of orderIds) {
        const touched = writtenByOrder.get(orderId) ?? [];
        if (touched.length === 0) continue;
        const orderSamples = samplesByOrder.get(orderId) ?? [];
        const complete = orderSamples.every((s) => orderedTests(s).every((t) => presentKeys.has(`${s.sample_id}|${t}`)));
        const anyNew = touched.some((w) => w.inserted);
        const first = orderSamples[0] ?? sampleById.get(touched[0]!.sample_id)!;
        messages.push({
          importId,
          orderId,
          orderNumber: first.order_number,
          userId: first.user_id,
          kind: first.kind,
          completeness: !anyNew ? 'UPDATED' : complete ? 'COMPLETE' : 'PARTIAL',
          sampleCodes: [...new Set(touched.map((w) => sampleById.get(w.sample_id)!.code))],
          importedAt: now,
        });
      }
      await outbox.publishMany(trx, ResultsImportedV1, messages);

      if (rejectedRows.length) await trx.insertInto('import_errors').values(rejectedRows).execute();
      // Applied rows leave the staging table (cheaper than rewriting them); what is left is what a retry resumes.
      await trx.deleteFrom('import_rows').where('import_id', '=', importId).where('order_id', 'in', orderIds).execute();
      await trx
        .updateTable('imports')
        .set((eb) => ({
          rows_applied: eb('rows_applied', '+', written.length),
          rows_rejected: eb('rows_rejected', '+', rejectedRows.length),
          apply_processed: eb('apply_processed', '+', staged.length),
          orders_touched: eb('orders_touched', '+', writtenByOrder.size),
          percent: sql<number>`least(99, 100.0 * (apply_processed + ${staged.length}) / greatest(1, rows_valid))`,
        }))
        .where('id', '=', importId)
        .execute();
    });
  }

  await db
    .updateTable('imports')
    .set({ status: 'APPLIED', percent: 100, applied_at: new Date(), file: null })
    .where('id', '=', importId)
    .execute();
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
