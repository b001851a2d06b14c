import type { Language, TTokenPair } from '@gleba/contracts';
import { ApiError, REAUTHENTICATE, errorBodyFrom, networkError } from './api-error';
import { createTokenStore, type TokenStore } from './token-store';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** POST when a body is given, else GET (spec section 7), unless set here. */
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** false: no bearer token and no refresh on a 401 (login, register, activation...). Default true. */
  auth?: boolean;
  signal?: AbortSignal;
  /** 'blob': a successful answer is returned as a Blob (a file download, e.g. a zipped Shapefile). */
  as?: 'blob';
}

export interface ApiClientOptions {
  /** `/api` for the customer app; `/farm-api` or `/garden-api` for the admin panel. */
  baseUrl?: string | (() => string);
  fetch?: typeof fetch;
  tokens?: TokenStore;
  /** Sent as `x-gleba-lang` so the services answer in the user's language. */
  language?: () => Language;
  /** Called after a failed refresh cleared the session (the app goes to /). */
  onSessionEnded?: () => void;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  readonly tokens: TokenStore;
  /** Replaces the callback run when the session ends (the app sets it once its router exists). */
  setOnSessionEnded(callback: (() => void) | undefined): void;
}

export const DEFAULT_BASE_URL = '/api';
export const LANGUAGE_HEADER = 'x-gleba-lang';
export const REFRESH_PATH = 'auth/refresh-token';

/**
 * `path` without a leading slash is relative to the base (`auth/login` -> `/api/auth/login`);
 * with one it is used as it is (`/api/language`, `/cms/wp-json/...`).
 */
export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const url =
    path.startsWith('/') || /^https?:\/\//.test(path) ? path : `${base.replace(/\/+$/, '')}/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function readPayload(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const tokens = options.tokens ?? createTokenStore();
  const base = () =>
    typeof options.baseUrl === 'function' ? options.baseUrl() : (options.baseUrl ?? DEFAULT_BASE_URL);
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  let onSessionEnded = options.onSessionEnded;
  /** One refresh at a time: concurrent 401s wait for the same promise. */
  let refreshing: Promise<boolean> | null = null;

  function headersFor(opts: RequestOptions, withAuth: boolean): Headers {
    const headers = new Headers({ accept: 'application/json' });
    if (opts.body !== undefined && !(opts.body instanceof FormData))
      headers.set('content-type', 'application/json');
    const lang = options.language?.();
    if (lang) headers.set(LANGUAGE_HEADER, lang);
    const token = withAuth ? tokens.accessToken() : null;
    if (token) headers.set('authorization', `Bearer ${token}`);
    for (const [k, v] of Object.entries(opts.headers ?? {})) headers.set(k, v);
    return headers;
  }

  async function send(path: string, opts: RequestOptions, withAuth: boolean): Promise<Response> {
    const method = opts.method ?? (opts.body !== undefined ? 'POST' : 'GET');
    const body =
      opts.body === undefined
        ? undefined
        : opts.body instanceof FormData
          ? opts.body
          : JSON.stringify(opts.body);
    try {
      return await doFetch(buildUrl(base(), path, opts.query), {
        method,
        headers: headersFor(opts, withAuth),
        ...(body !== undefined ? { body } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw networkError(error);
    }
  }

  async function refreshOnce(): Promise<boolean> {
    const refreshToken = tokens.refreshToken();
    if (!refreshToken) return false;
    try {
      const res = await send(REFRESH_PATH, { body: { refreshToken } }, false);
      if (!res.ok) return false;
      const pair = (await readPayload(res)) as Partial<TTokenPair> | undefined;
      if (!pair?.accessToken || !pair.refreshToken) return false;
      tokens.set({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
      return true;
    } catch {
      return false;
    }
  }

  function endSession(): void {
    tokens.clear();
    onSessionEnded?.();
  }

  function reauthenticate(): ApiError {
    return new ApiError({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Please re-authenticate',
      code: REAUTHENTICATE,
    });
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const withAuth = opts.auth !== false;
    const tokenUsed = withAuth ? tokens.accessToken() : null;
    let res = await send(path, opts, withAuth);

    if (res.status === 401 && withAuth && tokenUsed) {
      // Another request may already have refreshed the pair while this one was in flight.
      const renewed = tokens.accessToken() !== tokenUsed && tokens.accessToken() !== null;
      if (!renewed) {
        // The session ends once, however many requests were waiting for the refresh.
        refreshing ??= refreshOnce()
          .then((ok) => {
            if (!ok) endSession();
            return ok;
          })
          .finally(() => {
            refreshing = null;
          });
        if (!(await refreshing)) throw reauthenticate();
      }
      res = await send(path, opts, withAuth);
      if (res.status === 401) {
        endSession();
        throw reauthenticate();
      }
    }

    if (res.ok && opts.as === 'blob') return (await res.blob()) as T;
    const payload = await readPayload(res);
    if (!res.ok) throw new ApiError(errorBodyFrom(res.status, payload));
    return payload as T;
  }

  return {
    request,
    get: (path, o) => request(path, { ...o, method: 'GET' }),
    post: (path, body, o) => request(path, { ...o, method: 'POST', body }),
    patch: (path, body, o) => request(path, { ...o, method: 'PATCH', body }),
    put: (path, body, o) => request(path, { ...o, method: 'PUT', body }),
    delete: (path, o) => request(path, { ...o, method: 'DELETE' }),
    tokens,
    setOnSessionEnded: (cb) => {
      onSessionEnded = cb;
    },
  };
}
