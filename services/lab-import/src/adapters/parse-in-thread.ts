import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FileRejected } from './xlsx-guard';
import type { ParseJob, ParsedItem } from './parse-workbook';
import type { ParentMessage, ThreadMessage } from './parse-protocol';

/**
 * The parser thread's code: the bundle's `parse.thread.js` beside the service's own bundle, or,
 * running from source (tests, `npm run dev`), `parse.thread.ts` through tsx's loader registered in
 * the thread (a worker does not inherit the loader of `tsx` or vitest).
 */
function threadEntry(): URL {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) {
    const bundled = path.join(path.dirname(here), 'parse.thread.js');
    if (!existsSync(bundled)) throw new Error(`the parser thread's bundle is missing: ${bundled}`);
    return pathToFileURL(bundled);
  }
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const source = pathToFileURL(path.join(path.dirname(here), 'parse.thread.ts')).href;
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(tsxApi).href)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/** A thread that finished its last workbook and waits for the next (one is kept; more are ended). */
let idle: Worker | null = null;

function startThread(): Worker {
  const worker = new Worker(threadEntry(), { stdout: false, stderr: false });
  worker.unref(); // an idle parser never keeps the service's process alive
  // Whatever ends a thread (an error while idle included) only drops it: the next import starts another.
  const forget = () => {
    if (idle === worker) idle = null;
  };
  worker.on('error', forget);
  worker.on('exit', forget);
  return worker;
}

/** Starts the parser thread ahead of the first import, so that import does not wait for it to load exceljs. */
export function warmParserThread(): void {
  idle ??= startThread();
}

/** Ends the idle parser thread (the service stops). */
export async function stopParserThread(): Promise<void> {
  const worker = idle;
  idle = null;
  await worker?.terminate();
}

/**
 * Parses a workbook on a thread of its own and yields its rows' outcomes in batches, with the share
 * of the file read so far. The thread goes on with the next batches while the caller works on one
 * (up to a few ahead). Aborting the signal, or leaving the loop early, terminates the thread; a
 * thread that finished its workbook waits for the next import's.
 */
export async function* parseInThread(
  job: ParseJob,
  signal: AbortSignal,
): AsyncGenerator<{ items: ParsedItem[]; share: number }> {
  signal.throwIfAborted();
  const worker = idle ?? startThread();
  idle = null;
  const queue: ThreadMessage[] = [];
  let failure = null as Error | null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const onMessage = (m: ThreadMessage) => {
    queue.push(m);
    notify();
  };
  // An uncaught error in the thread, or the thread gone: the file cannot be read there.
  const onError = (error: Error) => {
    failure = error;
    notify();
  };
  const onExit = (code: number) => {
    failure ??= new Error(`the parser thread exited (${code}) before it finished`);
    notify();
  };
  const onAbort = () => {
    failure = signal.reason instanceof Error ? signal.reason : new Error('aborted');
    notify();
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  signal.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    worker.postMessage({ type: 'parse', job } satisfies ParentMessage);
    for (;;) {
      if (signal.aborted) throw failure ?? signal.reason;
      const m = queue.shift();
      if (!m) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (m.type === 'end') {
        finished = true;
        return;
      }
      if (m.type === 'error') {
        // The thread reported and is ready for the next workbook.
        finished = true;
        if (m.known) throw new FileRejected(m.code, m.message, 400, m.params);
        throw new Error(m.message);
      }
      worker.postMessage({ type: 'ack' } satisfies ParentMessage);
      yield { items: m.items, share: m.share };
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    // A thread in the middle of a workbook (aborted, or its caller failed) is ended, not reused.
    if (finished && !failure && !idle) idle = worker;
    else await worker.terminate();
  }
}
