/**
 * geo's geometry thread (see `geometry-thread.ts`): runs one `geometryTasks` call per message and
 * answers with its result or its error (an AppError's code, status and parameters kept).
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '@gleba/platform';
import { geometryTasks, type GeometryTask } from './geometry-tasks';

export interface GeometryRequest {
  id: number;
  task: GeometryTask;
  args: unknown[];
}
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
port.on('message', ({ id, task, args }: GeometryRequest) => {
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
