import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { LabImportErrorCode, type ImportTestType } from '@gleba/contracts';
import type { Database } from '../db/database';
import { recordsetJson } from '../db/recordset';
import { storeRecommendations } from '../db/repositories/results.repository';
import { adviceBasisOf, adviceColumns, adviceValues, createAdviser, orderedTests, sampleForAdvice } from '../domain/recommendation';
import type { RowError } from '../domain/rows';
import { FileRejected } from '../domain/xlsx-guard';
import { parseInThread } from './parse-in-thread';
import { parseWorkbook, type ParsedItem } from '../domain/parse-workbook';

export interface CheckOptions {
  batchSize: number;
  /** Parse on the parser thread, or (false, the default) in this thread. */
  parseThread?: boolean;
  maxRows: number;
  signal: AbortSignal;
}

type PendingRow = Extract<ParsedItem, { kind: 'ok' }>;

type StagedRow = Omit<Insertable<Database['import_rows']>, 'import_id'>;
const STAGED_COLUMNS = [
  'row_number', 'sample_id', 'order_id', 'test_type', 'category', 'elements', 'advice',
  'classes', 'recommendation_id', 'recommendation_measured', 'recommendation_error', 'advised_for',
] as const satisfies readonly (keyof StagedRow)[];

interface ErrorRow {
  import_id: string;
  row_number: number | null;
  label: string | null;
  code: string;
  message: string;
}

/**
 * Reads the stored workbook once, streaming (`parseWorkbook`, here or on the parser thread): finds
 * the header and checks every row on its own; each batch of rows is then matched to the expected
 * samples (the labels) and written while the next is parsed. Valid rows are staged in
 * `import_rows` with their advice for apply; every rejected row is listed in `import_errors` with
 * its reason.
 */
export async function checkImport(db: Kysely<Database>, importId: string, options: CheckOptions): Promise<void> {
  const imp = await db.selectFrom('imports').select(['id', 'mode', 'test_type', 'file']).where('id', '=', importId).executeTakeFirst();
  if (!imp) return;
  if (!imp.file) throw new FileRejected(LabImportErrorCode.importUnknownError, 'the import has no file any more');
  const chosen = imp.test_type as ImportTestType;
  const kind = imp.mode === 'garden' ? 'GARDEN' : 'FARM';

  await db.deleteFrom('import_rows').where('import_id', '=', importId).execute();
  await db.deleteFrom('import_errors').where('import_id', '=', importId).execute();
  await db
    .updateTable('imports')
    .set({ status: 'CHECKING', phase: 'check', rows_read: 0, rows_total: null, rows_valid: 0, rows_rejected: 0, rows_applied: 0, apply_processed: 0, percent: 0, error_code: null, error_message: null })
    .where('id', '=', importId)
    .execute();

  let rowsRead = 0;
  let valid = 0;
  let rejected = 0;
  let matchedAny = false;
  let share = 0;
  const seen = new Set<string>();
  let pending: PendingRow[] = [];
  const advise = createAdviser();
  // Shared recommendations this check has stored already (committed or in the write in flight), each inserted once.
  const storedRecommendations = new Set<string>();
  let errors: ErrorRow[] = [];
  const errorCodes = new Map<string, number>();

  const reject = (row: number | null, label: string | null, error: RowError) => {
    rejected += 1;
    errorCodes.set(error.code, (errorCodes.get(error.code) ?? 0) + 1);
    errors.push({ import_id: importId, row_number: row, label, code: error.code, message: error.message });
  };

  // One batch is written while the next is parsed: the database's work overlaps the parser's
  // instead of stopping it. At most one write is in flight (its rows' counters settle in order).
  let writing = null as Promise<void> | null;
  const flush = async () => {
    if (writing) await writing;
    const batch = pending;
    pending = [];
    const write = db.transaction().execute(async (trx) => {
      // A check is redone from scratch when retried, so its writes need not wait for the WAL flush.
      await sql`set local synchronous_commit = off`.execute(trx);
      await flushIn(trx, batch);
    });
    write.catch(() => undefined); // awaited by the next flush or at the end; no unhandled rejection meanwhile
    writing = write;
  };
  const drain = async () => {
    await flush();
    await writing;
  };
  const flushIn = async (db: Transaction<Database>, batch: PendingRow[]) => {
    if (batch.length > 0) {
      const samples = await db
        .selectFrom('expected_samples')
        .select(['sample_id', 'code', 'order_id', 'kind', 'basic_test_type', 'additional_test_types', 'plant_id', 'area_ha', 'area_ares'])
        .where(sql<boolean>`code = any(${[...new Set(batch.map((p) => p.label))]}::text[])`)
        .where('cancelled_at', 'is', null)
        .execute();
      const byCode = new Map(samples.map((s) => [s.code, s]));
      const staged: StagedRow[] = [];
      const newRecommendations = new Map<string, string>();
      for (const p of batch) {
        const sample = byCode.get(p.label);
        if (!sample || sample.kind !== kind) {
          reject(p.number, p.label, { code: LabImportErrorCode.importNoMatchingOrders, message: `no ${kind.toLowerCase()} sample expects the label ${p.label}` });
          continue;
        }
        matchedAny = true;
        if (!orderedTests(sample).includes(p.testType)) {
          reject(p.number, p.label, { code: LabImportErrorCode.importInvalidTestType, message: `${p.testType} was not ordered for this sample` });
          continue;
        }
        valid += 1;
        // The advice, here, so apply only copies it (and computes it again only for a sample whose
        // crop or area changes before then).
        const forSample = sampleForAdvice(sample);
        const advice = advise(adviceValues(p.advice), p.category, forSample);
        staged.push({
          row_number: p.number,
          sample_id: sample.sample_id,
          order_id: sample.order_id,
          test_type: p.testType,
          category: p.category,
          // Compact, as results keep them (apply copies them inside Postgres).
          elements: p.elements,
          advice: JSON.stringify(p.advice),
          ...adviceColumns(advice, storedRecommendations, newRecommendations),
          advised_for: adviceBasisOf(forSample),
        });
      }
      await storeRecommendations(db, newRecommendations);
      for (const id of newRecommendations.keys()) storedRecommendations.add(id);
      if (staged.length > 0) {
        const rows = recordsetJson(staged, STAGED_COLUMNS, ['elements', 'advice', 'classes', 'recommendation_measured']);
        await sql`
          insert into import_rows (import_id, row_number, sample_id, order_id, test_type, category, elements, advice, classes, recommendation_id, recommendation_measured, recommendation_error, advised_for)
          select ${importId}, x.row_number, x.sample_id, x.order_id, x.test_type, x.category, x.elements, x.advice, x.classes, x.recommendation_id, x.recommendation_measured, x.recommendation_error, x.advised_for
          from json_to_recordset(${rows}::json) as x(row_number integer, sample_id uuid, order_id uuid, test_type text, category text, elements json, advice json,
            classes json, recommendation_id text, recommendation_measured json, recommendation_error text, advised_for text)
        `.execute(db);
      }
    }
    if (errors.length > 0) {
      const out = errors;
      errors = [];
      await db.insertInto('import_errors').values(out).execute();
    }
    await db
      .updateTable('imports')
      .set({ rows_read: rowsRead, rows_valid: valid, rows_rejected: rejected, percent: Math.min(99, share * 100) })
      .where('id', '=', importId)
      .execute();
  };

  try {
    const job = { file: imp.file, chosen, maxRows: options.maxRows, batchSize: options.batchSize };
    const parsed = options.parseThread ? parseInThread(job, options.signal) : parseWorkbook(job, options.signal);
    for await (const batch of parsed) {
      share = batch.share;
      for (const item of batch.items) {
        rowsRead += 1;
        if (item.kind === 'error') {
          reject(item.number, item.label, { code: item.code, message: item.message } satisfies RowError);
          continue;
        }
        const key = `${item.label}\u0000${item.testType}`;
        if (seen.has(key)) {
          reject(item.number, item.label, { code: LabImportErrorCode.importDuplicateLabel, message: `the label ${item.label} already appeared in this file` });
        } else {
          seen.add(key);
          pending.push(item);
        }
      }
      if (pending.length + errors.length >= options.batchSize) await flush();
    }
  } catch (error) {
    await writing?.catch(() => undefined); // no write of this check outlives it
    throw error;
  }
  await drain();

  // A file none of whose rows can be applied fails as a whole, with the reason that fits best.
  let fileError: { code: string; message: string } | null = null;
  if (rowsRead === 0) fileError = { code: LabImportErrorCode.importIncompleteResults, message: 'the file has no result rows' };
  else if (valid === 0 && !matchedAny && (errorCodes.get(LabImportErrorCode.importNoMatchingOrders) ?? 0) > 0)
    fileError = { code: LabImportErrorCode.importNoMatchingOrders, message: 'no row matches an expected sample' };
  else if (valid === 0) {
    const [code] = [...errorCodes.entries()].sort((a, b) => b[1] - a[1])[0] ?? [LabImportErrorCode.importUnknownError];
    fileError = { code, message: 'no row can be applied' };
  }
  await db
    .updateTable('imports')
    .set({
      status: fileError ? 'FAILED' : 'CHECKED',
      error_code: fileError?.code ?? null,
      error_message: fileError?.message ?? null,
      rows_total: rowsRead,
      percent: 100,
      checked_at: new Date(),
    })
    .where('id', '=', importId)
    .execute();
}
