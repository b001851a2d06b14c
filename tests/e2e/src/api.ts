// Plain HTTP through the gateway, as the SPAs call it: for setting up state a journey does not
// exercise in the browser, and for checking what the browser did.
import { system } from './system';

export interface ApiOptions {
  method?: string;
  token?: string;
  body?: unknown;
  lang?: 'pl' | 'en' | 'uk';
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of many endpoints; callers narrow them
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of many endpoints; callers narrow them
export async function api<T = any>(pathname: string, options: ApiOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['x-gleba-lang'] = options.lang;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${system().gateway}${pathname}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** Signs in through the API; returns the token pair. */
export async function login(
  email: string,
  password: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await api('/api/auth/login', { body: { email, password } });
  if (res.status !== 200)
    throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const DEMO_ADMIN = { email: 'admin@gleba.local', password: 'Admin123!' };
export const DEMO_FARMER = { email: 'farmer@gleba.local', password: 'Farmer123!' };

/** A unique e-mail address per call (the suite's database is fresh per run, but files share it). */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.pl`;
}
