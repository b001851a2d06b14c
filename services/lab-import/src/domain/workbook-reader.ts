import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { LabImportErrorCode } from '@gleba/contracts';
import { FileRejected } from './xlsx-guard';

export interface SheetRow {
  /** The worksheet row number (1-based). */
  number: number;
  /** Cells by 1-based column index, as exceljs gives them (sparse). */
  values: unknown[];
}

const CHUNK = 64 * 1024;

/**
 * Streams the rows of the workbook's first worksheet with exceljs's streaming reader, so memory
 * stays flat whatever the number of rows. `onProgress` gets the share of the file consumed
 * (0..1); aborting the signal destroys the input, which ends the read with an error.
 */
export async function* readFirstSheet(
  file: Buffer,
  options: { signal?: AbortSignal; onProgress?: (share: number) => void } = {},
): AsyncGenerator<SheetRow> {
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
      styles: 'ignore',
      entries: 'emit',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
        options.signal?.throwIfAborted();
        yield { number: row.number, values: row.values as unknown[] };
      }
      break; // only the first worksheet holds results; a legend sheet may follow
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof FileRejected) throw error;
    // Whatever the parser trips over in the file's XML is a broken file, not a reason to retry.
    throw new FileRejected(
      LabImportErrorCode.importFileCorrupt,
      `the workbook cannot be read: ${(error as Error).message}`.slice(0, 300),
    );
  } finally {
    options.signal?.removeEventListener('abort', abort);
    input.destroy();
  }
}
