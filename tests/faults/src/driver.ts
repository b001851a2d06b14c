// The load driver of the fault suite: a client that retries what an outage broke (as a real client
// would: connection refused or reset, 5xx, timeouts), counting each retry, never giving up early.
import { Client } from '../../../bench/lib/bench-system';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class RetryingClient extends Client {
  /** Requests sent again after a failure (a refused connection, a 5xx, a timeout). */
  retried = 0;
  /** Failures by kind (`ECONNREFUSED`, `502`, `timeout`...), to print. */
  readonly failures = new Map<string, number>();

  constructor(
    base: string,
    private readonly giveUpAfterMs = 240_000,
    private readonly timeoutMs = 30_000,
  ) {
    super(base);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of many endpoints; callers narrow them
  override async call<T = any>(
    pathname: string,
    options: { method?: string; token?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const started = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      let kind: string;
      try {
        const res = await fetch(`${this.base}${pathname}`, {
          method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
          headers,
          body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        const text = await res.text();
        if (res.status < 500) {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON */
          }
          return { status: res.status, body: body as T };
        }
        kind = String(res.status);
      } catch (error) {
        const e = error as { name?: string; cause?: { code?: string } };
        kind = e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.name ?? 'error');
      }
      this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
      if (Date.now() - started > this.giveUpAfterMs)
        throw new Error(
          `${options.method ?? 'request'} ${pathname}: still failing (${kind}) after ${attempt + 1} attempts`,
        );
      this.retried += 1;
      await sleep(Math.min(200 * 2 ** attempt, 2000) + Math.random() * 200);
    }
  }
}

/** Runs `worker` for 0..count-1 with at most `concurrency` at a time. */
export async function pool(
  count: number,
  concurrency: number,
  worker: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        await worker(i);
      }
    }),
  );
}

export { sleep };
