import useSWR from 'swr';
import { LANGUAGE_HEADER } from '@gleba/api-client';
import { saveFile } from '@gleba/ui';
import type { TErasureAnswer, TPrivacyRequest } from '@gleba/contracts';
import { api } from '../../../lib/api-client';
import { fileNameOf, throwApiError } from '../../../lib/api/file-response';
import { useLanguageStore } from '../../../stores/language-store';

export const privacyRequestsKey = 'users/me/privacy-requests';

/** The user's export and erasure requests; polled while one is in progress. */
export function usePrivacyRequests() {
  return useSWR<TPrivacyRequest[]>(privacyRequestsKey, (key: string) => api.get<TPrivacyRequest[]>(key), {
    refreshInterval: (data) => (data?.some((r) => r.status === 'IN_PROGRESS') ? 3000 : 0),
  });
}

export const requestExport = () => api.post<TPrivacyRequest>(`${privacyRequestsKey}/export`);

export const requestErasure = (password: string | undefined) =>
  api.post<TErasureAnswer>(`${privacyRequestsKey}/erasure`, password ? { password } : {});

export const confirmErasure = (token: string) =>
  api.post<TPrivacyRequest>(`${privacyRequestsKey}/erasure/confirm`, { token });

/** The archive (binary: the api client reads JSON) with the session's token; saved as a file. */
export async function downloadArchive(requestId: string): Promise<void> {
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: useLanguageStore.getState().lang };
  const token = api.tokens.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`/api/${privacyRequestsKey}/${encodeURIComponent(requestId)}/archive`, { headers });
  if (!res.ok) await throwApiError(res);
  saveFile(await res.blob(), fileNameOf(res, 'gleba-data.zip'));
}
