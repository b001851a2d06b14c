import { ApiError, errorBodyFrom } from '@gleba/api-client';

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
