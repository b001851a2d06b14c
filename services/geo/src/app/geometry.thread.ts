/**
 * geo's geometry thread (see `geometry-thread.ts`): runs one `geometryTasks` call per message and
 * answers with its result or its error (an AppError's code, status and parameters kept).
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '@gleba/platform';
import { geometryTasks, type GeometryTask } from './geometry-tasks';

/**
 * A call (`task` with its `args`), or a part of one of its list arguments sent ahead of it (`part`:
 * the argument's index, `items`: the next of its items); the call names those arguments in `parted`.
 */
export type GeometryRequest =
  | { id: number; task: GeometryTask; args: unknown[]; parted?: number[] }
  | { id: number; part: number; items: unknown[] };
export type GeometryAnswer =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: {
        message: string;
        code?: string;
        statusCode?: number;
        params?: Record<string, string | number>;
      };
    };

const port = parentPort!;
/** The list arguments of calls still to come, by call and argument index. */
const parts = new Map<number, Map<number, unknown[]>>();

port.on('message', (request: GeometryRequest) => {
  const { id } = request;
  if ('part' in request) {
    const lists = parts.get(id) ?? new Map<number, unknown[]>();
    parts.set(id, lists);
    const list = lists.get(request.part) ?? [];
    lists.set(request.part, list);
    for (const item of request.items) list.push(item);
    return;
  }
  const lists = parts.get(id);
  parts.delete(id);
  const args = [...request.args];
  for (const index of request.parted ?? []) args[index] = lists?.get(index) ?? [];
  const { task } = request;
  let answer: GeometryAnswer;
  try {
    const fn = geometryTasks[task] as (...a: unknown[]) => unknown;
    answer = { id, ok: true, value: fn(...args) };
  } catch (error) {
    answer =
      error instanceof AppError
        ? {
            id,
            ok: false,
            error: {
              message: error.message,
              code: error.code,
              statusCode: error.statusCode,
              params: error.params,
            },
          }
        : { id, ok: false, error: { message: (error as Error)?.message ?? String(error) } };
  }
  port.postMessage(answer);
});
