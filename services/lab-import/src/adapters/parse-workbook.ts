import { LabImportErrorCode, type AgronomicCategory, type ImportTestType } from '@gleba/contracts';
import { cellText, EXAMPLE_LABEL, layoutOf, type HeaderLayout } from '../domain/file-format';
import { adviceValuesOf, compactElementsJson, missingColumns, parseRow, type RowError } from '../domain/rows';
import { readSheets } from './workbook-reader';
import { FileRejected } from './xlsx-guard';
import { worksheetsLast } from './zip';

/** One workbook to parse. */
export interface ParseJob {
  file: Uint8Array;
  chosen: ImportTestType;
  maxRows: number;
  batchSize: number;
}

/** One data row, checked on its own: an error, or the row as it is staged. */
export type ParsedItem =
  | { kind: 'error'; number: number; label: string | null; errors: RowError[] }
  | {
      kind: 'ok';
      number: number;
      label: string;
      testType: ImportTestType;
      category: AgronomicCategory | null;
      /** UTF-8 JSON of the compact element tuples (a view of its batch's bytes), staged or stored as it is. */
      elements: Uint8Array;
      /** The values the advice reads, by key. */
      advice: Record<string, number | null>;
    };

/**
 * The rows' element JSON as UTF-8 bytes, in chunks outside the JS heap: a batch of rows waits for
 * its write holding small views instead of kilobyte strings that would outlive the young generation.
 * Each batch starts a chunk of its own, so a batch posted from the parser thread carries only its
 * own bytes.
 */
class ElementBytes {
  private chunk = Buffer.allocUnsafe(0);
  private at = 0;
  add(json: string): Uint8Array {
    // At most 3 bytes per UTF-16 unit in UTF-8.
    if (this.chunk.length - this.at < json.length * 3) this.next(json.length * 3);
    const start = this.at;
    this.at += this.chunk.write(json, start);
    return this.chunk.subarray(start, this.at);
  }
  next(min = 0): void {
    this.chunk = Buffer.allocUnsafe(Math.max(256 * 1024, min));
    this.at = 0;
  }
}

/** The header is looked for in the first rows of each worksheet. */
const HEADER_SEARCH_ROWS = 10;

/**
 * Streams a workbook with exceljs, finds the header (in the first worksheet that has one within its
 * first rows: a cover or legend sheet in front is passed over), checks every row under it on its own
 * (`parseRow`) and yields the outcomes in batches of `job.batchSize`, each row's elements already as
 * the text that is staged, with the share of the file read so far. Sheets after the one with the
 * header are not read. Runs in the service's own thread or, with IMPORT_PARSE_THREAD=true, on the
 * parser thread.
 */
export async function* parseWorkbook(
  job: ParseJob,
  signal?: AbortSignal,
): AsyncGenerator<{ items: ParsedItem[]; share: number }> {
  let layout: HeaderLayout | null = null;
  let headerSheet = -1;
  let sheetName = '';
  let anyCell = false;
  let rowsRead = 0;
  let share = 0;
  let items: ParsedItem[] = [];
  const bytes = new ElementBytes();
  const given = Buffer.isBuffer(job.file)
    ? job.file
    : Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
  // Shared strings before the worksheet, so exceljs streams it instead of spooling it to a temp file.
  const file = worksheetsLast(given);
  read: for await (const sheetRows of readSheets(file, { signal, onProgress: (s) => (share = s) }))
    for (const sheetRow of sheetRows) {
      if (!layout) {
        // A sheet without a header in its first rows is read through (a cover, a legend) and passed over.
        if (sheetRow.number > HEADER_SEARCH_ROWS) continue;
        if (!anyCell && sheetRow.values.some((v) => cellText(v) !== null)) anyCell = true;
        layout = layoutOf(sheetRow.values);
        if (layout) {
          headerSheet = sheetRow.sheet;
          sheetName = sheetRow.sheetName;
          const missing = missingColumns(layout, job.chosen);
          if (missing.length > 0)
            throw new FileRejected(
              LabImportErrorCode.importColumnMissing,
              `no column for ${missing.join(', ')}`,
              400,
              { symbols: missing.join(', '), testType: job.chosen, sheet: sheetName },
            );
        }
        continue;
      }
      if (sheetRow.sheet !== headerSheet) break read; // the results end with their sheet
      // The template's example row, copied in by the lab, is not a result.
      if (cellText(sheetRow.values[layout.label]) === EXAMPLE_LABEL) continue;
      const outcome = parseRow(layout, sheetRow.values, job.chosen);
      if (outcome.kind === 'empty') continue;
      rowsRead += 1;
      if (rowsRead > job.maxRows)
        throw new FileRejected(LabImportErrorCode.importTooManyRows, `more than ${job.maxRows} rows`, 400, {
          max: job.maxRows,
        });
      if (outcome.kind === 'error') {
        items.push({ kind: 'error', number: sheetRow.number, label: outcome.label, errors: outcome.errors });
      } else {
        const { row } = outcome;
        items.push({
          kind: 'ok',
          number: sheetRow.number,
          label: row.label,
          testType: row.testType,
          category: row.category,
          elements: bytes.add(compactElementsJson(row.elements)),
          advice: adviceValuesOf(row.elements),
        });
      }
      if (items.length >= job.batchSize) {
        yield { items, share };
        items = [];
        bytes.next();
      }
    }
  if (!layout) {
    if (!anyCell)
      throw new FileRejected(LabImportErrorCode.importEmptyWorkbook, 'no worksheet holds any data');
    throw new FileRejected(
      LabImportErrorCode.importNoLabelsColumn,
      'no header row with a labels column in the first rows of any worksheet',
    );
  }
  if (rowsRead === 0)
    throw new FileRejected(LabImportErrorCode.importNoRows, 'the file has no result rows', 400, {
      sheet: sheetName,
    });
  if (items.length > 0) yield { items, share };
}
