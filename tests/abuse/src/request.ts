/** A raw request: any method, body (string or JSON), headers; redirects are not followed. */
export interface RawResult {
  status: number;
  text: string;
  json: unknown;
  contentType: string;
}

export async function request(
  base: string,
  method: string,
  path: string,
  options: {
    json?: unknown;
    raw?: string | Buffer;
    contentType?: string;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<RawResult> {
  const headers: Record<string, string> = { accept: 'application/json', ...(options.headers ?? {}) };
  let body: string | Buffer | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.raw !== undefined) {
    body = options.raw;
    if (options.contentType) headers['content-type'] = options.contentType;
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, json, contentType: res.headers.get('content-type') ?? '' };
}

/** Runs tasks with at most `limit` in flight. */
export async function pool<T>(
  items: T[],
  limit: number,
  run: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await run(items[i]!, i);
    }
  });
  await Promise.all(workers);
}
