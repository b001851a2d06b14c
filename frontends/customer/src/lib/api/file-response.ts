import { ApiError, errorBodyFrom, LANGUAGE_HEADER, networkError } from '@gleba/api-client';
import { saveFile } from '@gleba/ui';
import { api } from '../api-client';
import { useLanguageStore } from '../../stores/language-store';

/** Throws the service's error from a refused file download, as the JSON calls give it. */
export async function throwApiError(res: Response): Promise<never> {
  const text = await res.text();
  let payload: unknown = text;
  try {
    payload = JSON.parse(text) as unknown;
  } catch {
    /* not JSON */
  }
  throw new ApiError(errorBodyFrom(res.status, payload));
}

/** The file name the service gives in `content-disposition`, else `fallback`. */
export function fileNameOf(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/**
 * Fetches a file of the API (`/api/{path}`; the api client reads JSON only) with the session's
 * token and the reader's language, and saves it under the name the service gives (else
 * `fallback`); resolves with that name. A refusal is the service's error (an `ApiError`) and an
 * unreachable server a network error, as the JSON calls give them.
 */
export async function downloadFile(
  path: string,
  fallback: string,
  init: { accept?: string; body?: unknown } = {},
): Promise<string> {
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: useLanguageStore.getState().lang };
  if (init.accept) headers.accept = init.accept;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const token = api.tokens.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api/${path}`, {
      method: init.body !== undefined ? 'POST' : 'GET',
      headers,
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!res.ok) await throwApiError(res);
  const fileName = fileNameOf(res, fallback);
  saveFile(await res.blob(), fileName);
  return fileName;
}
