/**
 * The parsing half of a check, on its own thread (see `parse-in-thread.ts`): `parseWorkbook`, its
 * batches posted to the service's thread as they come. The service's thread meanwhile
 * matches the previous batches to the expected samples and writes them, and keeps answering HTTP.
 * At most `MAX_IN_FLIGHT` batches wait unacknowledged, so a slow database holds the parser back
 * instead of letting rows pile up in memory. The thread parses one workbook at a time and then
 * waits for the next (`{ type: 'parse', job }`), so its start is paid once, not per import.
 */
import { parentPort } from 'node:worker_threads';
import { LabImportErrorCode } from '@gleba/contracts';
import { parseWorkbook } from './parse-workbook';
import { FileRejected } from './xlsx-guard';
import type { ParseJob } from './parse-workbook';
import { MAX_IN_FLIGHT, type ParentMessage, type ThreadMessage } from './parse-protocol';

const port = parentPort!;

let inFlight = 0;
let wake: (() => void) | null = null;
port.on('message', (m: ParentMessage) => {
  if (m.type === 'parse') {
    inFlight = 0;
    run(m.job).catch((error: unknown) => {
      if (error instanceof FileRejected)
        post({ type: 'error', known: true, code: error.code, message: error.message, params: error.params });
      else
        post({
          type: 'error',
          known: false,
          code: LabImportErrorCode.importUnknownError,
          message: (error as Error)?.message ?? String(error),
          params: null,
        });
    });
    return;
  }
  inFlight -= 1;
  wake?.();
  wake = null;
});

const post = (message: ThreadMessage) => port.postMessage(message);

async function run(job: ParseJob): Promise<void> {
  for await (const batch of parseWorkbook(job)) {
    post({ type: 'batch', ...batch });
    inFlight += 1;
    while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
  }
  post({ type: 'end' });
}
