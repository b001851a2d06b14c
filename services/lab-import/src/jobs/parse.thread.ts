/**
 * The parsing half of a check, on its own thread (see `parse-in-thread.ts`): streams the workbook
 * with exceljs, finds the header, checks every row on its own (`parseRow`) and posts the outcomes
 * in batches, each row's elements already as the text that is staged. The service's thread meanwhile
 * matches the previous batches to the expected samples and writes them, and keeps answering HTTP.
 * At most `MAX_IN_FLIGHT` batches wait unacknowledged, so a slow database holds the parser back
 * instead of letting rows pile up in memory. The thread parses one workbook at a time and then
 * waits for the next (`{ type: 'parse', job }`), so its start is paid once, not per import.
 */
import { parentPort } from 'node:worker_threads';
import { LabImportErrorCode } from '@gleba/contracts';
import { layoutOf, type HeaderLayout } from '../domain/file-format';
import { adviceValuesJson, compactElementsJson, parseRow } from '../domain/rows';
import { readFirstSheet } from '../domain/workbook-reader';
import { FileRejected } from '../domain/xlsx-guard';
import { HEADER_SEARCH_ROWS, MAX_IN_FLIGHT, type ParseJob, type ParentMessage, type ParsedItem, type ThreadMessage } from './parse-protocol';

const port = parentPort!;

let inFlight = 0;
let wake: (() => void) | null = null;
port.on('message', (m: ParentMessage) => {
  if (m.type === 'parse') {
    inFlight = 0;
    run(m.job).catch((error: unknown) => {
      if (error instanceof FileRejected) post({ type: 'error', known: true, code: error.code, message: error.message });
      else post({ type: 'error', known: false, code: LabImportErrorCode.importUnknownError, message: (error as Error)?.message ?? String(error) });
    });
    return;
  }
  inFlight -= 1;
  wake?.();
  wake = null;
});

const post = (message: ThreadMessage) => port.postMessage(message);

async function run(job: ParseJob): Promise<void> {
  let layout: HeaderLayout | null = null;
  let rowsRead = 0;
  let share = 0;
  let items: ParsedItem[] = [];
  const send = async () => {
    post({ type: 'batch', items, share });
    items = [];
    inFlight += 1;
    while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
  };
  const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
  for await (const sheetRow of readFirstSheet(file, { onProgress: (s) => (share = s) })) {
    if (!layout) {
      layout = layoutOf(sheetRow.values);
      if (!layout && sheetRow.number >= HEADER_SEARCH_ROWS) break;
      continue;
    }
    const outcome = parseRow(layout, sheetRow.values, job.chosen);
    if (outcome.kind === 'empty') continue;
    rowsRead += 1;
    if (rowsRead > job.maxRows) throw new FileRejected(LabImportErrorCode.importFileTooLargeUncompressed, `more than ${job.maxRows} rows`);
    if (outcome.kind === 'error') {
      items.push({ kind: 'error', number: sheetRow.number, label: outcome.label, code: outcome.error.code, message: outcome.error.message });
    } else {
      const { row } = outcome;
      items.push({
        kind: 'ok',
        number: sheetRow.number,
        label: row.label,
        testType: row.testType,
        category: row.category,
        elements: compactElementsJson(row.elements),
        advice: adviceValuesJson(row.elements),
      });
    }
    if (items.length >= job.batchSize) await send();
  }
  if (!layout) throw new FileRejected(LabImportErrorCode.importNoLabelsColumn, 'no header row with a labels column in the first rows of the first worksheet');
  if (items.length > 0) await send();
  post({ type: 'end', rowsRead });
}

