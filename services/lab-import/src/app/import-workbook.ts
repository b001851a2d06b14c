import type { Insertable, Kysely, Transaction } from 'kysely';
import { LabImportErrorCode, ResultsImportedV1, type EventData, type ImportTestType } from '@gleba/contracts';
import { importMessage, type ImportMessageParams } from '@gleba/i18n';
import type { Outbox } from '@gleba/platform';
import type { Database } from '../db/database';
import { recordsetBuffer } from '../db/recordset';
import { samplesByLabels } from '../db/repositories/expected-samples.repository';
import { stageRows, withoutWalFlush } from '../db/repositories/import-rows.repository';
import {
  clearCheck,
  importFile,
  importForRun,
  insertImportErrors,
  updateImport,
} from '../db/repositories/imports.repository';
import { incompleteOrders, insertResults, storeRecommendations } from '../db/repositories/results.repository';
import { completenessOf } from '../domain/completeness';
import {
  adviceBasisOf,
  adviceColumns,
  createAdviser,
  orderedTests,
  sampleForAdvice,
} from '../domain/recommendation';
import type { RowError } from '../domain/rows';
import { FileRejected } from '../adapters/xlsx-guard';
import { parseInThread } from '../adapters/parse-in-thread';
import { takeOver } from './upload-handoff';
import { parseWorkbook, type ParsedItem } from '../adapters/parse-workbook';

export interface ImportOptions {
  batchSize: number;
  /** Parse on the parser thread, or (false, the default) in this thread. */
  parseThread?: boolean;
  maxRows: number;
  signal: AbortSignal;
  /**
   * Apply while checking (an upload with step=apply): each batch's rows go straight into `results`
   * instead of `import_rows`, and the whole import is one transaction that ends with the orders'
   * events and status APPLIED. A file that fails half-way leaves nothing behind; a retried job
   * starts again from the first row.
   */
  applyWith?: Outbox;
}

type PendingRow = Extract<ParsedItem, { kind: 'ok' }>;
/** An expected sample as a batch reads it (`samplesByLabels`). */
type ExpectedSample = Awaited<ReturnType<typeof samplesByLabels>>[number];

/** A row as written (staged, or stored as a result): its elements as the parsed JSON bytes. */
type StagedRow = Omit<Insertable<Database['import_rows']>, 'import_id' | 'elements'> & {
  elements: Uint8Array;
};
const STAGED_COLUMNS = [
  'row_number',
  'sample_id',
  'order_id',
  'test_type',
  'category',
  'elements',
  'advice',
  'classes',
  'recommendation_id',
  'recommendation_measured',
  'recommendation_error',
  'advised_for',
] as const satisfies readonly (keyof StagedRow)[];
/** What a direct apply writes of a row (into `results`). */
const RESULT_COLUMNS = [
  'sample_id',
  'test_type',
  'category',
  'elements',
  'classes',
  'recommendation_id',
  'recommendation_measured',
  'recommendation_error',
] as const satisfies readonly (keyof StagedRow)[];
type ResultRow = Pick<StagedRow, (typeof RESULT_COLUMNS)[number]>;
/** The columns that hold JSON text already. */
const RAW_RESULT_COLUMNS = ['elements', 'classes', 'recommendation_measured'] as const;
const RAW_COLUMNS = [...RAW_RESULT_COLUMNS, 'advice'] as const;

/** An order a direct apply wrote results of: what its `lab.results.imported` event says. */
interface TouchedOrder {
  orderNumber: string;
  userId: string;
  kind: 'FARM' | 'GARDEN';
  codes: Set<string>;
  anyNew: boolean;
}

interface ErrorRow {
  import_id: string;
  row_number: number | null;
  label: string | null;
  code: string;
  params: string;
  message: string;
}

/** An import error as stored: its code and parameters (rendered when read), and its English text for the log. */
export function errorRow(
  importId: string,
  row: number | null,
  label: string | null,
  error: { code: string; params: ImportMessageParams | null },
): ErrorRow {
  return {
    import_id: importId,
    row_number: row,
    label,
    code: error.code,
    params: JSON.stringify(error.params ?? {}),
    message: importMessage('en', error.code, error.params),
  };
}

/**
 * The import pipeline: read -> validate -> stage or apply. Reads the stored workbook once,
 * streaming (`parseWorkbook`, here or on the parser thread): finds the header and checks every row
 * on its own; each batch of rows is then matched to the expected samples (the labels) and written
 * while the next is parsed. Valid rows are staged in `import_rows` with their advice for a later
 * `applyStaged` (or, with `applyWith`, stored as results at once, decision 0030); every rejected row
 * is listed in `import_errors` with its reason.
 */
export async function importWorkbook(
  db: Kysely<Database>,
  importId: string,
  options: ImportOptions,
): Promise<void> {
  if (!options.applyWith) return checkIn(db, null, importId, options);
  const outbox = options.applyWith;
  // One transaction: results, row errors, events and the final status commit together or not at
  // all. Progress goes to the import row through the pool meanwhile (this transaction writes that
  // row only at its end, after the last progress write).
  await db.transaction().execute((trx) => checkIn(db, { trx, outbox }, importId, options));
}

async function checkIn(
  db: Kysely<Database>,
  direct: { trx: Transaction<Database>; outbox: Outbox } | null,
  importId: string,
  options: ImportOptions,
): Promise<void> {
  const imp = await importForRun(db, importId);
  if (!imp) return;
  const file = takeOver(importId) ?? (await importFile(db, importId));
  if (!file) throw new FileRejected(LabImportErrorCode.importUnknownError, 'the import has no file any more');
  const chosen = imp.test_type as ImportTestType;
  const kind = imp.mode === 'garden' ? 'GARDEN' : 'FARM';

  await clearCheck(db, importId);
  await updateImport(db, importId, {
    status: 'CHECKING',
    phase: direct ? 'apply' : 'check',
    rows_read: 0,
    rows_total: null,
    rows_valid: 0,
    rows_rejected: 0,
    rows_applied: 0,
    apply_processed: 0,
    percent: 0,
    error_code: null,
    error_params: null,
    error_message: null,
  });

  let rowsRead = 0;
  let valid = 0;
  let rejected = 0;
  let matchedAny = false;
  let share = 0;
  /** The row each label was first seen in. */
  const seen = new Map<string, number>();
  let pending: PendingRow[] = [];
  const advise = createAdviser();
  // Shared recommendations this check has stored already (committed or in the write in flight), each inserted once.
  const storedRecommendations = new Set<string>();
  let errors: ErrorRow[] = [];
  const errorCodes = new Map<string, number>();
  let applied = 0;
  const touchedOrders = new Map<string, TouchedOrder>();

  /** A refused row: counted once, with every reason found in it. */
  const reject = (row: number | null, label: string | null, ...rowErrors: RowError[]) => {
    rejected += 1;
    const first = rowErrors[0]!.code;
    errorCodes.set(first, (errorCodes.get(first) ?? 0) + 1);
    for (const error of rowErrors) errors.push(errorRow(importId, row, label, error));
  };

  // One batch is written while the next is parsed: the database's work overlaps the parser's
  // instead of stopping it. At most one write is in flight (its rows' counters settle in order).
  let writing = null as Promise<void> | null;
  const flush = async () => {
    if (writing) await writing;
    const batch = pending;
    pending = [];
    const write = direct
      ? flushIn(direct.trx, batch)
      : db.transaction().execute(async (trx) => {
          // A check is redone from scratch when retried, so its writes need not wait for the WAL flush.
          await withoutWalFlush(trx);
          await flushIn(trx, batch);
        });
    write.catch(() => undefined); // awaited by the next flush or at the end; no unhandled rejection meanwhile
    writing = write;
  };
  const drain = async () => {
    await flush();
    await writing;
  };
  /** The order of a sample this apply writes a result of, with the sample's code noted. */
  const touch = (sample: ExpectedSample): TouchedOrder => {
    let order = touchedOrders.get(sample.order_id);
    if (!order) {
      order = {
        orderNumber: sample.order_number,
        userId: sample.user_id,
        kind: sample.kind,
        codes: new Set(),
        anyNew: false,
      };
      touchedOrders.set(sample.order_id, order);
    }
    order.codes.add(sample.code);
    return order;
  };
  const flushIn = async (trx: Transaction<Database>, batch: PendingRow[]) => {
    if (batch.length > 0) {
      // Applying: the samples stay as read (crop, area, not cancelled) until the results commit.
      const samples = await samplesByLabels(trx, [...new Set(batch.map((p) => p.label))], direct !== null);
      const byCode = new Map(samples.map((s) => [s.code, s]));
      // Applying, a row is its result's columns; checking, it is staged with what apply needs besides.
      const results: ResultRow[] = [];
      const staged: StagedRow[] = [];
      // Applying, each result's sample and order, for the events: noted before the write, so the
      // batch's rows and samples are not held while Postgres stores them.
      const resultSamples: string[] = [];
      const resultOrders: TouchedOrder[] = [];
      const newRecommendations = new Map<string, string>();
      for (const p of batch) {
        const sample = byCode.get(p.label);
        if (!sample || sample.kind !== kind) {
          reject(p.number, p.label, {
            code: !sample
              ? LabImportErrorCode.importLabelNotExpected
              : sample.kind === 'GARDEN'
                ? LabImportErrorCode.importLabelIsGarden
                : LabImportErrorCode.importLabelIsFarm,
            params: { label: p.label },
          });
          continue;
        }
        matchedAny = true;
        // Decision 0043: a garden test's details are final only once its shipment is confirmed.
        if (sample.kind === 'GARDEN' && !sample.shipment_confirmed) {
          reject(p.number, p.label, {
            code: LabImportErrorCode.importShipmentNotConfirmed,
            params: { label: p.label },
          });
          continue;
        }
        if (!orderedTests(sample).includes(p.testType)) {
          reject(p.number, p.label, {
            code: LabImportErrorCode.importTestNotOrdered,
            params: { label: p.label, testType: p.testType },
          });
          continue;
        }
        valid += 1;
        // The advice, here, so apply only copies it (and computes it again only for a sample whose
        // crop or area changes before then).
        const forSample = sampleForAdvice(sample);
        const advice = advise(p.advice, p.category, forSample);
        const result: ResultRow = {
          sample_id: sample.sample_id,
          test_type: p.testType,
          category: p.category,
          // Compact, as results keep them (apply copies them inside Postgres).
          elements: p.elements,
          ...adviceColumns(advice, storedRecommendations, newRecommendations),
        };
        if (direct) {
          results.push(result);
          resultSamples.push(sample.sample_id);
          resultOrders.push(touch(sample));
        } else {
          staged.push({
            ...result,
            row_number: p.number,
            order_id: sample.order_id,
            advice: JSON.stringify(p.advice),
            advised_for: adviceBasisOf(forSample),
          });
        }
      }
      await storeRecommendations(trx, newRecommendations);
      for (const id of newRecommendations.keys()) storedRecommendations.add(id);
      if (results.length > 0) {
        const replaced = await insertResults(
          trx,
          importId,
          recordsetBuffer(results, RESULT_COLUMNS, RAW_RESULT_COLUMNS),
        );
        applied += resultSamples.length;
        resultSamples.forEach((sampleId, i) => {
          if (!replaced.has(sampleId)) resultOrders[i]!.anyNew = true;
        });
      } else if (staged.length > 0) {
        await stageRows(trx, importId, recordsetBuffer(staged, STAGED_COLUMNS, RAW_COLUMNS));
      }
    }
    if (errors.length > 0) {
      const out = errors;
      errors = [];
      // Applying in one pass, the row errors go through the pool: a file that breaks later rolls
      // back its results, not the reasons its rows were refused.
      await insertImportErrors(direct ? db : trx, out);
    }
    // Progress: applying, through the pool (visible while the transaction runs), else with the batch.
    // Nothing counts as applied before the transaction commits.
    await updateImport(direct ? db : trx, importId, {
      rows_read: rowsRead,
      rows_valid: valid,
      rows_rejected: rejected,
      percent: Math.min(99, share * 100),
    });
  };

  try {
    const job = { file, chosen, maxRows: options.maxRows, batchSize: options.batchSize };
    const parsed = options.parseThread
      ? parseInThread(job, options.signal)
      : parseWorkbook(job, options.signal);
    for await (const batch of parsed) {
      share = batch.share;
      for (const item of batch.items) {
        rowsRead += 1;
        if (item.kind === 'error') {
          reject(item.number, item.label, ...item.errors);
          continue;
        }
        // Valid rows are all of the import's test type (`parseRow` refuses others): the label is the key.
        const firstRow = seen.get(item.label);
        if (firstRow !== undefined) {
          reject(item.number, item.label, {
            code: LabImportErrorCode.importDuplicateLabel,
            params: { label: item.label, firstRow },
          });
        } else {
          seen.set(item.label, item.number);
          pending.push(item);
        }
      }
      if (pending.length + errors.length >= options.batchSize) await flush();
    }
  } catch (error) {
    await writing?.catch(() => undefined); // no write of this check outlives it
    // The reasons of the rows read before the break are kept (applying in one pass, nothing else is).
    await insertImportErrors(db, errors);
    await updateImport(db, importId, { rows_read: rowsRead, rows_rejected: rejected, rows_valid: valid });
    throw error;
  }
  await drain();

  // A file none of whose rows can be applied fails as a whole, with the reason that fits best.
  let fileError: { code: LabImportErrorCode; params: ImportMessageParams } | null = null;
  const unmatched = [
    LabImportErrorCode.importLabelNotExpected,
    LabImportErrorCode.importLabelIsGarden,
    LabImportErrorCode.importLabelIsFarm,
  ].reduce((n, code) => n + (errorCodes.get(code) ?? 0), 0);
  if (valid === 0 && !matchedAny && unmatched === rejected)
    fileError = { code: LabImportErrorCode.importNoMatchingOrders, params: { rejected } };
  else if (valid === 0) fileError = { code: LabImportErrorCode.importNoRowApplicable, params: { rejected } };
  if (!direct || fileError) {
    await updateImport(direct?.trx ?? db, importId, {
      status: fileError ? 'FAILED' : 'CHECKED',
      error_code: fileError?.code ?? null,
      error_params: fileError ? JSON.stringify(fileError.params) : null,
      error_message: fileError ? importMessage('en', fileError.code, fileError.params) : null,
      rows_total: rowsRead,
      percent: 100,
      checked_at: new Date(),
    });
    return;
  }
  await publishResults(direct.trx, direct.outbox, importId, touchedOrders);
  const now = new Date();
  await updateImport(direct.trx, importId, {
    status: 'APPLIED',
    rows_read: rowsRead,
    rows_total: rowsRead,
    rows_valid: valid,
    rows_rejected: rejected,
    rows_applied: applied,
    apply_processed: valid,
    orders_touched: touchedOrders.size,
    percent: 100,
    checked_at: now,
    applied_at: now,
    file: null,
  });
}

/** One `lab.results.imported` per order a direct apply wrote (`completenessOf`, `incompleteOrders`). */
async function publishResults(
  trx: Transaction<Database>,
  outbox: Outbox,
  importId: string,
  touched: Map<string, TouchedOrder>,
): Promise<void> {
  if (touched.size === 0) return;
  const partial = await incompleteOrders(trx, [...touched.keys()]);
  const importedAt = new Date().toISOString();
  const messages: EventData<typeof ResultsImportedV1>[] = [];
  for (const [orderId, o] of touched) {
    messages.push({
      importId,
      orderId,
      orderNumber: o.orderNumber,
      userId: o.userId,
      kind: o.kind,
      completeness: completenessOf(o.anyNew, !partial.has(orderId)),
      sampleCodes: [...o.codes],
      importedAt,
    });
  }
  await outbox.publishMany(trx, ResultsImportedV1, messages);
}
