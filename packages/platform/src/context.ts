import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What follows a request (or a consumed event) into everything it causes. */
export interface ExecutionContext {
  correlationId: string;
  requestId?: string;
  userId?: string;
}

const storage = new AsyncLocalStorage<ExecutionContext>();

export function runWithContext<T>(context: ExecutionContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): ExecutionContext | undefined {
  return storage.getStore();
}

export function currentCorrelationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}
