import { describe, expect, it, vi } from 'vitest';
import { createApiClient, buildUrl } from './api-client';
import { ApiError } from './api-error';
import { createTokenStore, type TokenStorage } from './token-store';
import { SWR_DEFAULTS, apiFetcher } from './swr';

function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Call = { url: string; method: string; headers: Headers; body: unknown };

/** A fake gateway: `handler` answers each call; calls are recorded. */
function fakeFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

function setup(
  handler: (call: Call) => Response | Promise<Response>,
  storage = memoryStorage({ token: 'old', refresh_token: 'r1' }),
) {
  const { fetch, calls } = fakeFetch(handler);
  const onSessionEnded = vi.fn();
  const client = createApiClient({
    fetch,
    tokens: createTokenStore(storage),
    language: () => 'uk',
    onSessionEnded,
  });
  return { client, calls, storage, onSessionEnded };
}

describe('api client', () => {
  it('sends the bearer token, the language, JSON, and POST when a body is given', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }));
    await expect(client.request('auth/login', { body: { email: 'a@b.pl' }, auth: false })).resolves.toEqual({
      ok: true,
    });
    await client.get('users/me');
    expect(calls[0]).toMatchObject({ url: '/api/auth/login', method: 'POST', body: { email: 'a@b.pl' } });
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(calls[0]!.headers.get('x-gleba-lang')).toBe('uk');
    expect(calls[1]).toMatchObject({ url: '/api/users/me', method: 'GET' });
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer old');
  });

  it("returns a file's bytes as a Blob when asked, and a refusal as an ApiError still", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 0xff, 0x80]);
    let refuse = false;
    const { client } = setup(() =>
      refuse
        ? json(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Bad format',
            code: 'validationFailed',
          })
        : new Response(bytes, { status: 200, headers: { 'content-type': 'application/zip' } }),
    );
    const blob = await client.get<Blob>('plots/export', { query: { format: 'shp' }, as: 'blob' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    refuse = true;
    await expect(client.get('plots/export', { as: 'blob' })).rejects.toMatchObject({
      code: 'validationFailed',
    });
  });

  it('uses a configurable base and leaves absolute paths alone', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    let mode = '/farm-api';
    const client = createApiClient({ fetch, baseUrl: () => mode, tokens: createTokenStore(memoryStorage()) });
    await client.get('orders', { query: { page: 2, filter: undefined } });
    mode = '/garden-api';
    await client.get('orders');
    await client.get('/api/language');
    expect(calls.map((c) => c.url)).toEqual([
      '/farm-api/orders?page=2',
      '/garden-api/orders',
      '/api/language',
    ]);
    expect(buildUrl('/api/', 'x', { a: 'b c' })).toBe('/api/x?a=b+c');
  });

  it('on a 401 refreshes once with the refresh token, stores the new pair and retries', async () => {
    const { client, calls, storage } = setup(({ url, headers, body }) => {
      if (url === '/api/auth/refresh-token') {
        expect(body).toEqual({ refreshToken: 'r1' });
        expect(headers.get('authorization')).toBeNull();
        return json(200, { accessToken: 'new', refreshToken: 'r2' });
      }
      return headers.get('authorization') === 'Bearer new'
        ? json(200, { id: 1 })
        : json(401, { statusCode: 401, error: 'Unauthorized', message: 'expired', code: 'tokenExpired' });
    });
    await expect(client.get('users/me')).resolves.toEqual({ id: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/users/me', '/api/auth/refresh-token', '/api/users/me']);
    expect(storage.data.get('token')).toBe('new');
    expect(storage.data.get('refresh_token')).toBe('r2');
  });

  it('clears the session and calls onSessionEnded when the refresh fails', async () => {
    const { client, storage, onSessionEnded, calls } = setup(({ url }) =>
      url.endsWith('refresh-token')
        ? json(401, { statusCode: 401, error: 'Unauthorized', message: 'no', code: 'invalidToken' })
        : json(401, {}),
    );
    const error = await client.get('users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('reauthenticate');
    expect((error as ApiError).message).toBe('Please re-authenticate');
    expect(storage.data.has('token')).toBe(false);
    expect(storage.data.has('refresh_token')).toBe(false);
    expect(onSessionEnded).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(2);
  });

  it('ends the session when the retried call is refused again', async () => {
    const { client, onSessionEnded, calls } = setup(({ url }) =>
      url.endsWith('refresh-token') ? json(200, { accessToken: 'new', refreshToken: 'r2' }) : json(401, {}),
    );
    await expect(client.get('users/me')).rejects.toMatchObject({ code: 'reauthenticate' });
    expect(calls).toHaveLength(3);
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('shares one refresh between concurrent 401s', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { client, calls } = setup(async ({ url, headers }) => {
      if (url.endsWith('refresh-token')) {
        await gate;
        return json(200, { accessToken: 'new', refreshToken: 'r2' });
      }
      return headers.get('authorization') === 'Bearer new' ? json(200, { url }) : json(401, {});
    });
    const all = Promise.all([client.get('a'), client.get('b'), client.get('c')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url.endsWith('refresh-token'))).toHaveLength(1));
    release();
    await expect(all).resolves.toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(calls.filter((c) => c.url.endsWith('refresh-token'))).toHaveLength(1);
  });

  it('does not refresh for calls without auth or without a token', async () => {
    const { client, calls, onSessionEnded } = setup(
      () =>
        json(401, {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Invalid e-mail or password',
          code: 'invalidCredentials',
        }),
      memoryStorage(),
    );
    await expect(
      client.post('auth/login', { email: 'x', password: 'y' }, { auth: false }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'invalidCredentials',
      body: {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Invalid e-mail or password',
        code: 'invalidCredentials',
      },
    });
    await expect(client.get('users/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('parses errors into the error body, even when the body is not one', async () => {
    const { client } = setup(({ url }) =>
      url.endsWith('html')
        ? new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })
        : new Response(null, { status: 404 }),
    );
    await expect(client.get('html')).rejects.toMatchObject({
      body: { statusCode: 502, error: 'Bad Gateway', code: 'badGateway' },
    });
    await expect(client.get('missing')).rejects.toMatchObject({
      body: { statusCode: 404, error: 'Not Found', message: 'Not Found', code: 'notFound' },
    });
  });

  it('turns a network failure into code networkRequestFailed', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('users/me')).rejects.toMatchObject({ code: 'networkRequestFailed', status: 0 });
  });

  it('returns undefined for an empty answer', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.patch('notifications/in-app/1', {})).resolves.toBeUndefined();
  });
});

describe('swr helpers', () => {
  it('never goes stale and never refetches on focus', () => {
    expect(SWR_DEFAULTS).toMatchObject({ revalidateOnFocus: false, revalidateIfStale: false });
    expect(SWR_DEFAULTS.dedupingInterval).toBeGreaterThanOrEqual(60_000);
  });

  it('fetches a path or a path with its query', async () => {
    const { client, calls } = setup(() => json(200, { items: [] }));
    const fetcher = apiFetcher(client);
    await fetcher('users/me');
    await fetcher([
      'notifications/in-app',
      { page: 1, perPage: 20, orderBy: 'createdAt:desc', filter: 'unread' },
    ]);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/users/me',
      '/api/notifications/in-app?page=1&perPage=20&orderBy=createdAt%3Adesc&filter=unread',
    ]);
  });
});

describe('failed refresh with concurrent calls', () => {
  it('ends the session once', async () => {
    const { client, onSessionEnded, calls } = setup(({ url }) =>
      url.endsWith('refresh-token') ? json(400, {}) : json(401, {}),
    );
    const results = await Promise.allSettled([client.get('a'), client.get('b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(onSessionEnded).toHaveBeenCalledOnce();
    expect(calls.filter((c) => c.url.endsWith('refresh-token'))).toHaveLength(1);
  });
});
