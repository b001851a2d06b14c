import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { LabImportErrorCode } from '@gleba/contracts';
import { FileRejected } from './xlsx-guard';

export interface SheetRow {
  /** The worksheet's place among the workbook's worksheets (0-based) and its name. */
  sheet: number;
  sheetName: string;
  /** The worksheet row number (1-based). */
  number: number;
  /** Cells by 1-based column index, as exceljs gives them (sparse). */
  values: unknown[];
}

const CHUNK = 64 * 1024;

/**
 * exceljs's worksheet reader parses its XML in steps, one per chunk of the inflated worksheet, each
 * step's events in one array (`parse()`, which its documented row iterator walks); read here a step
 * at a time, the rows of a chunk cost one await, not one each.
 */
interface StepwiseWorksheet {
  name?: string;
  parse(): AsyncIterable<{ eventType: string; value: unknown }[]>;
}

/**
 * Streams the rows of the workbook's worksheets, one after the other, with exceljs's streaming
 * reader, so memory stays flat whatever the number of rows; the rows come in the small groups the
 * reader parses together (those of one chunk of the worksheet), and the caller stops reading when
 * it has what it needs. Dates come as `Date` (the styles are read for their number formats).
 * `onProgress` gets the share of the file consumed (0..1); aborting the signal destroys the input,
 * which ends the read with an error. `lastRow` tells where a broken file broke.
 */
export async function* readSheets(
  file: Buffer,
  options: { signal?: AbortSignal; onProgress?: (share: number) => void } = {},
): AsyncGenerator<SheetRow[]> {
  let lastRow = 0;
  let offset = 0;
  const input = new Readable({
    highWaterMark: CHUNK,
    read() {
      if (offset >= file.length) {
        this.push(null);
        return;
      }
      const end = Math.min(file.length, offset + CHUNK);
      this.push(file.subarray(offset, end));
      offset = end;
      options.onProgress?.(offset / file.length);
    },
  });
  const abort = () => input.destroy(new Error('aborted'));
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // A date where a number belongs is told apart by its cell's number format.
      styles: 'cache',
      entries: 'emit',
    });
    let sheet = 0;
    for await (const worksheet of reader) {
      const stepwise = worksheet as unknown as StepwiseWorksheet;
      const sheetName = stepwise.name ?? `Sheet${sheet + 1}`;
      for await (const events of stepwise.parse()) {
        options.signal?.throwIfAborted();
        const rows: SheetRow[] = [];
        for (const { eventType, value } of events) {
          if (eventType !== 'row') continue;
          const row = value as ExcelJS.Row;
          lastRow = row.number;
          rows.push({ sheet, sheetName, number: row.number, values: row.values as unknown[] });
        }
        if (rows.length > 0) yield rows;
      }
      sheet += 1;
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof FileRejected) throw error;
    // Whatever the parser trips over in the file's XML is a broken file, not a reason to retry.
    // The parser's own words go to the log; the operator reads where the file broke.
    throw new FileRejected(
      LabImportErrorCode.importFileCorrupt,
      `the workbook cannot be read: ${(error as Error).message}`.slice(0, 300),
      400,
      lastRow > 0 ? { afterRow: lastRow } : null,
    );
  } finally {
    options.signal?.removeEventListener('abort', abort);
    input.destroy();
  }
}
