import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '@gleba/platform';
import type { GeometryTasks } from './geometry-tasks';
import type { GeometryAnswer, GeometryRequest } from './geometry.thread';

/**
 * The geometry thread's code: the bundle's `geometry.thread.js` beside the service's own bundle,
 * or, running from source (tests, `npm run dev`), `geometry.thread.ts` through tsx's loader
 * registered in the thread (a worker does not inherit the loader of `tsx` or vitest).
 */
function threadEntry(): URL {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) {
    const bundled = path.join(path.dirname(here), 'geometry.thread.js');
    if (!existsSync(bundled)) throw new Error(`the geometry thread's bundle is missing: ${bundled}`);
    return pathToFileURL(bundled);
  }
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const source = pathToFileURL(path.join(path.dirname(here), 'geometry.thread.ts')).href;
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(tsxApi).href)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(threadEntry(), { stdout: false, stderr: false });
  w.unref(); // an idle thread never keeps the process alive
  w.on('message', (answer: GeometryAnswer) => {
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    if (answer.ok) p.resolve(answer.value);
    else if (answer.error.code)
      p.reject(
        new AppError(
          answer.error.code,
          answer.error.statusCode ?? 400,
          answer.error.message,
          undefined,
          answer.error.params,
        ),
      );
    else p.reject(new Error(answer.error.message));
  });
  // A thread that fails or exits fails what it was doing; the next call starts another.
  const fail = (error: Error) => {
    if (worker === w) worker = null;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`the geometry thread exited (${code})`)));
  worker = w;
  return w;
}

type Remote = {
  [K in keyof GeometryTasks]: (
    ...args: Parameters<GeometryTasks[K]>
  ) => Promise<Awaited<ReturnType<GeometryTasks[K]>>>;
};

/** How many items of a list argument go to the thread in one message (see `call`). */
const PART_ITEMS = 25;

/**
 * Posts one call to the thread. A list argument of more than `PART_ITEMS` items (a user's plots
 * with their vertices: tens of megabytes at the limits) goes first in parts, one message each with
 * a turn of the event loop between them: copying it whole in one message held the loop for tens of
 * milliseconds, and the thread puts the parts back together before the call runs.
 */
async function call(task: string, args: unknown[]): Promise<unknown> {
  const id = nextId++;
  const answer = new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  answer.catch(() => {}); // the caller awaits it; a thread that fails while parts go out rejects it early
  const w = thread();
  const sent = [...args];
  const parted: number[] = [];
  for (const [index, arg] of args.entries()) {
    if (!Array.isArray(arg) || arg.length <= PART_ITEMS) continue;
    for (let start = 0; start < arg.length; start += PART_ITEMS) {
      if (worker !== w) return answer; // the thread failed (the call is rejected): no part goes to another
      w.postMessage({ id, part: index, items: arg.slice(start, start + PART_ITEMS) } as GeometryRequest);
      await new Promise((r) => setImmediate(r));
    }
    sent[index] = null;
    parted.push(index);
  }
  if (worker === w) w.postMessage({ id, task, args: sent, parted } as GeometryRequest);
  return answer;
}

/**
 * geo's geometry work, on a thread of its own: every check, clip, union and split of a shape
 * whose cost grows with its vertices runs there, one call at a time in order, so the service's
 * thread keeps answering other requests and its health checks meanwhile.
 */
export const geometry = new Proxy({} as Remote, {
  get:
    (_, task: string) =>
    (...args: unknown[]) =>
      call(task, args),
});

/** Starts the thread ahead of the first request (it loads turf once). */
export function warmGeometryThread(): void {
  thread();
}

/** Ends the thread (the service stops). */
export async function stopGeometryThread(): Promise<void> {
  const w = worker;
  worker = null;
  await w?.terminate();
}
