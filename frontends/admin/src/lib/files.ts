import {
  ApiError,
  buildUrl,
  errorBodyFrom,
  LANGUAGE_HEADER,
  networkError,
  type QueryValue,
} from '@gleba/api-client';
import { saveFile } from '@gleba/ui';
import { api } from './api-client';
import { apiBaseFor, useModeStore } from '../stores/mode-store';
import { useLanguageStore } from '../stores/language-store';

/**
 * Binary calls (PDFs, the .xlsx template) and uploads with progress: the api client reads bodies
 * as text and fetch reports no upload progress. Both send the same token and language; a 401 asks
 * the api client to refresh the session (its `users/me` call does), then the call is tried once more.
 */
function url(path: string, query?: Record<string, QueryValue>): string {
  return buildUrl(apiBaseFor(useModeStore.getState().mode), path, query);
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { [LANGUAGE_HEADER]: useLanguageStore.getState().lang, ...extra };
  const token = api.tokens.accessToken();
  if (token) h.authorization = `Bearer ${token}`;
  return h;
}

async function refreshed(): Promise<void> {
  await api.get('users/me');
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text();
  let payload: unknown = text;
  try {
    payload = JSON.parse(text) as unknown;
  } catch {
    /* not JSON */
  }
  return new ApiError(errorBodyFrom(res.status, payload));
}

export interface FileRequest {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** A file answered by the API, with its name from content-disposition. */
export async function fetchFile(
  path: string,
  req: FileRequest = {},
): Promise<{ blob: Blob; fileName: string }> {
  const send = () =>
    fetch(url(path, req.query), {
      method: req.method ?? 'GET',
      headers: headers(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    }).catch((e: unknown) => {
      throw networkError(e);
    });
  let res = await send();
  if (res.status === 401 && api.tokens.refreshToken()) {
    await refreshed();
    res = await send();
  }
  if (!res.ok) throw await failure(res);
  const disposition = res.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const fallback = path.split('/').filter(Boolean).join('-');
  return { blob: await res.blob(), fileName: match?.[1] ? decodeURIComponent(match[1]) : fallback };
}

/** Saves a blob as a file (or opens it for printing when `print` is set). */
export function saveBlob(blob: Blob, fileName: string, print = false): void {
  if (print) {
    const href = URL.createObjectURL(blob);
    const win = window.open(href, '_blank');
    if (win) {
      win.addEventListener('load', () => win.print());
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
      return;
    }
    URL.revokeObjectURL(href);
  }
  saveFile(blob, fileName);
}

/** Multipart upload through XMLHttpRequest so the panel can show a progress bar. */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  query: Record<string, QueryValue>,
  onProgress: (percent: number) => void,
): Promise<T> {
  const once = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url(path, query));
      for (const [k, v] of Object.entries(headers({ accept: 'application/json' })))
        xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
      };
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(networkError(new Error('upload failed')));
      xhr.send(form);
    });
  return (async () => {
    let res = await once();
    if (res.status === 401 && api.tokens.refreshToken()) {
      await refreshed();
      res = await once();
    }
    let payload: unknown = res.text;
    try {
      payload = JSON.parse(res.text) as unknown;
    } catch {
      /* not JSON */
    }
    if (res.status < 200 || res.status >= 300) throw new ApiError(errorBodyFrom(res.status, payload));
    onProgress(100);
    return payload as T;
  })();
}
