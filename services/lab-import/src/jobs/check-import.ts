import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { LabImportErrorCode, type ImportTestType } from '@gleba/contracts';
import type { Database } from '../db/database';
import { recordsetJson } from '../db/recordset';
import { layoutOf, type HeaderLayout } from '../domain/file-format';
import { orderedTests } from '../domain/recommendation';
import { adviceValuesJson, parseRow, storedElementsJson, type ParsedRow, type RowError } from '../domain/rows';
import { readFirstSheet } from '../domain/workbook-reader';
import { FileRejected } from '../domain/xlsx-guard';

export interface CheckOptions {
  batchSize: number;
  maxRows: number;
  signal: AbortSignal;
}

interface PendingRow {
  number: number;
  row: ParsedRow;
}

type StagedRow = Omit<Insertable<Database['import_rows']>, 'import_id'>;

interface ErrorRow {
  import_id: string;
  row_number: number | null;
  label: string | null;
  code: string;
  message: string;
}

const HEADER_SEARCH_ROWS = 10;

/**
 * Reads the stored workbook once, streaming: finds the header, checks every row on its own, then
 * matches each batch of rows to the expected samples (the labels). Valid rows are staged in
 * `import_rows` for apply; every rejected row is listed in `import_errors` with its reason.
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

  let layout: HeaderLayout | null = null;
  let rowsRead = 0;
  let valid = 0;
  let rejected = 0;
  let matchedAny = false;
  let share = 0;
  const seen = new Set<string>();
  let pending: PendingRow[] = [];
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
        .select(['sample_id', 'code', 'order_id', 'kind', 'basic_test_type', 'additional_test_types'])
        .where('code', 'in', [...new Set(batch.map((p) => p.row.label))])
        .where('cancelled_at', 'is', null)
        .execute();
      const byCode = new Map(samples.map((s) => [s.code, s]));
      const staged: StagedRow[] = [];
      for (const p of batch) {
        const sample = byCode.get(p.row.label);
        if (!sample || sample.kind !== kind) {
          reject(p.number, p.row.label, { code: LabImportErrorCode.importNoMatchingOrders, message: `no ${kind.toLowerCase()} sample expects the label ${p.row.label}` });
          continue;
        }
        matchedAny = true;
        if (!orderedTests(sample).includes(p.row.testType)) {
          reject(p.number, p.row.label, { code: LabImportErrorCode.importInvalidTestType, message: `${p.row.testType} was not ordered for this sample` });
          continue;
        }
        valid += 1;
        staged.push({
          row_number: p.number,
          sample_id: sample.sample_id,
          order_id: sample.order_id,
          test_type: p.row.testType,
          category: p.row.category,
          // The stored form, copied into results by apply; the advice reads only `advice`.
          elements: storedElementsJson(p.row.elements),
          advice: adviceValuesJson(p.row.elements),
        });
      }
      if (staged.length > 0) {
        const rows = recordsetJson(staged, ['row_number', 'sample_id', 'order_id', 'test_type', 'category', 'elements', 'advice'], ['elements', 'advice']);
        await sql`
          insert into import_rows (import_id, row_number, sample_id, order_id, test_type, category, elements, advice)
          select ${importId}, x.row_number, x.sample_id, x.order_id, x.test_type, x.category, x.elements, x.advice
          from json_to_recordset(${rows}::json) as x(row_number integer, sample_id uuid, order_id uuid, test_type text, category text, elements json, advice json)
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
    for await (const sheetRow of readFirstSheet(imp.file, { signal: options.signal, onProgress: (s) => (share = s) })) {
      if (!layout) {
        layout = layoutOf(sheetRow.values);
        if (!layout && sheetRow.number >= HEADER_SEARCH_ROWS) break;
        continue;
      }
      const outcome = parseRow(layout, sheetRow.values, chosen);
      if (outcome.kind === 'empty') continue;
      rowsRead += 1;
      if (rowsRead > options.maxRows) throw new FileRejected(LabImportErrorCode.importFileTooLargeUncompressed, `more than ${options.maxRows} rows`);
      if (outcome.kind === 'error') {
        reject(sheetRow.number, outcome.label, outcome.error);
      } else {
        const key = `${outcome.row.label}\u0000${outcome.row.testType}`;
        if (seen.has(key)) {
          reject(sheetRow.number, outcome.row.label, { code: LabImportErrorCode.importDuplicateLabel, message: `the label ${outcome.row.label} already appeared in this file` });
        } else {
          seen.add(key);
          pending.push({ number: sheetRow.number, row: outcome.row });
        }
      }
      if (pending.length + errors.length >= options.batchSize) await flush();
    }
  } catch (error) {
    await writing?.catch(() => undefined); // no write of this check outlives it
    throw error;
  }
  if (!layout) {
    await writing;
    throw new FileRejected(LabImportErrorCode.importNoLabelsColumn, 'no header row with a labels column in the first rows of the first worksheet');
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
