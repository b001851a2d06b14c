/**
 * Test helpers shared by the apps' component tests: `@gleba/ui/testing`. Only tests import this
 * (it is not re-exported from the package index, so no production bundle includes it).
 */
import { vi } from 'vitest';

export type Handler = (req: {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}) => Response | Promise<Response> | unknown;

/** A JSON response (no body when `body` is undefined). */
export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** An error response in the gateway's shape. */
export const errorBody = (statusCode: number, code: string, message = code) =>
  json(statusCode, { statusCode, error: 'Error', message, code });

export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/**
 * A fake gateway in place of `fetch`: `routes` maps `METHOD /path` (without the query) to a
 * response, a handler, or a value answered as JSON with 200. Unknown calls answer 404
 * `routeNotFound`. Every call is recorded in `calls`.
 */
export function mockApi(routes: Record<string, Response | Handler | unknown>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, url, headers, body });
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return errorBody(404, 'routeNotFound');
    const answer =
      typeof route === 'function' ? await (route as Handler)({ url, method, headers, body }) : route;
    if (answer instanceof Response) return answer.clone();
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
