import type { Insertable, Kysely } from 'kysely';
import {
  LabImportErrorCode,
  ResultsImportedV1,
  type AgronomicCategory,
  type EventData,
} from '@gleba/contracts';
import type { Outbox } from '@gleba/platform';
import type { Database } from '../db/database';
import { recordsetJson } from '../db/recordset';
import { lockOrderSamples } from '../db/repositories/expected-samples.repository';
import {
  adviceInputsOf,
  deleteStaged,
  stagedOrders,
  stagedRowsOf,
  withoutWalFlush,
} from '../db/repositories/import-rows.repository';
import {
  addApplied,
  importForRun,
  insertImportErrors,
  updateImport,
} from '../db/repositories/imports.repository';
import {
  applyStagedRows,
  incompleteOrders,
  storeRecommendations,
} from '../db/repositories/results.repository';
import { completenessOf } from '../domain/completeness';
import {
  adviceBasisOf,
  adviceColumns,
  createAdviser,
  sampleForAdvice,
  type SampleForAdvice,
} from '../domain/recommendation';
import { adviceValuesOf } from '../domain/rows';

/**
 * A result whose advice apply computes again (its sample changed since the check, or it was staged
 * before the check computed advice): its staged row's number and its advice. Every other result
 * is copied whole from its staged row.
 */
interface ResultRow {
  row_number: number;
  /** JSON text, as is recommendation_measured. */
  classes: string | null;
  recommendation_id: string | null;
  recommendation_measured: string | null;
  recommendation_error: string | null;
}
const RESULT_COLUMNS = [
  'row_number',
  'classes',
  'recommendation_id',
  'recommendation_measured',
  'recommendation_error',
] as const;
const RAW_RESULT_COLUMNS = ['classes', 'recommendation_measured'] as const;

export interface ApplyOptions {
  batchSize: number;
  signal: AbortSignal;
  /** Batches applied at once (disjoint orders): one's advice is computed while another's rows are written. Default 2. */
  concurrency?: number;
}

/**
 * Stores the staged rows as results, whole orders at a time: one transaction holds an order's
 * results and its `lab.results.imported` event, so the event goes out if and only if the results
 * are stored. A staged row is deleted in the same transaction, so a retried job resumes where it
 * stopped instead of applying a row twice.
 */
export async function applyStaged(
  db: Kysely<Database>,
  outbox: Outbox,
  importId: string,
  options: ApplyOptions,
): Promise<void> {
  const imp = await importForRun(db, importId);
  if (!imp) return;
  await updateImport(db, importId, { status: 'APPLYING', phase: 'apply', percent: 0 });

  const orders = await stagedOrders(db, importId);

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
  // Shared recommendations this apply has stored already (committed), so each is inserted once.
  const storedRecommendations = new Set<string>();

  const applyBatch = async (orderIds: string[]) => {
    const batchRecommendations = await db.transaction().execute(async (trx) => {
      // No wait for the WAL flush: a crash can lose only whole batches (results, events and the
      // removal of their staged rows together), which the retried job applies again.
      await withoutWalFlush(trx);
      // Locks the orders' samples: two imports touching one order take turns.
      const samples = await lockOrderSamples(trx, orderIds);
      const sampleById = new Map(samples.map((s) => [s.sample_id, s]));
      // Elements and advice inputs stay in Postgres (the insert below copies them); they are read
      // only for the rows whose advice is computed again.
      const staged = await stagedRowsOf(trx, importId, orderIds);

      const rejectedRows: Insertable<Database['import_errors']>[] = [];
      const stale = new Map<number, SampleForAdvice>();
      for (const row of staged) {
        const sample = sampleById.get(row.sample_id);
        if (!sample || sample.cancelled_at !== null) {
          rejectedRows.push({
            import_id: importId,
            row_number: row.row_number,
            label: sample?.code ?? null,
            code: LabImportErrorCode.importNoMatchingOrders,
            message: 'the order was cancelled after the check',
          });
          continue;
        }
        const forSample = sampleForAdvice(sample);
        if (row.advised_for === null || row.advised_for !== adviceBasisOf(forSample))
          stale.set(row.row_number, forSample);
      }
      const values: ResultRow[] = [];
      const newRecommendations = new Map<string, string>();
      if (stale.size > 0) {
        // Rows staged without `advice` (older versions) are read for their elements.
        const inputs = await adviceInputsOf(trx, importId, [...stale.keys()]);
        for (const row of inputs) {
          const read = row.advice ?? adviceValuesOf(row.elements ?? []);
          const advice = advise(read, row.category as AgronomicCategory | null, stale.get(row.row_number)!);
          values.push({
            row_number: row.row_number,
            ...adviceColumns(advice, storedRecommendations, newRecommendations),
          });
        }
      }

      await storeRecommendations(trx, newRecommendations);
      // Staged rows of live samples, with their staged advice or the one computed again above (one
      // JSON parameter); results stored before keep nothing of their old whole recommendation or
      // rulesets (the shared body has both).
      const rejectedNumbers = rejectedRows.map((r) => r.row_number!);
      const written = await applyStagedRows(
        trx,
        importId,
        orderIds,
        recordsetJson(values, RESULT_COLUMNS, RAW_RESULT_COLUMNS),
        rejectedNumbers,
      );

      const activeSamples = samples.filter((s) => s.cancelled_at === null);
      const writtenByOrder = groupBy(written, (w) => sampleById.get(w.sample_id)!.order_id);
      const incomplete = await incompleteOrders(trx, [...writtenByOrder.keys()]);
      const now = new Date().toISOString();
      const messages: EventData<typeof ResultsImportedV1>[] = [];
      const samplesByOrder = groupBy(activeSamples, (s) => s.order_id);
      for (const orderId of orderIds) {
        const touched = writtenByOrder.get(orderId) ?? [];
        if (touched.length === 0) continue;
        const orderSamples = samplesByOrder.get(orderId) ?? [];
        const anyNew = touched.some((w) => w.inserted);
        const first = orderSamples[0] ?? sampleById.get(touched[0]!.sample_id)!;
        messages.push({
          importId,
          orderId,
          orderNumber: first.order_number,
          userId: first.user_id,
          kind: first.kind,
          completeness: completenessOf(anyNew, !incomplete.has(orderId)),
          sampleCodes: [...new Set(touched.map((w) => sampleById.get(w.sample_id)!.code))],
          importedAt: now,
        });
      }
      await outbox.publishMany(trx, ResultsImportedV1, messages);

      await insertImportErrors(trx, rejectedRows);
      // Applied rows leave the staging table (cheaper than rewriting them); what is left is what a retry resumes.
      await deleteStaged(trx, importId, orderIds);
      await addApplied(trx, importId, {
        applied: written.length,
        rejected: rejectedRows.length,
        processed: staged.length,
        orders: writtenByOrder.size,
      });
      return newRecommendations.keys();
    });
    for (const id of batchRecommendations) storedRecommendations.add(id);
  };

  // Batches hold disjoint orders, so they lock disjoint samples; each ends with the one update of
  // the import row, after which it only commits (no lock cycle). After a failure no new batch
  // starts, the running ones finish, and the first error is thrown (the retried job resumes from
  // the staged rows left).
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < chunks.length) {
      options.signal.throwIfAborted();
      const orderIds = chunks[next++]!;
      try {
        await applyBatch(orderIds);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, lane));
  const firstError = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (firstError) throw firstError.reason;

  await updateImport(db, importId, { status: 'APPLIED', percent: 100, applied_at: new Date(), file: null });
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
