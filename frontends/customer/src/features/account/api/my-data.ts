import useSWR from 'swr';
import type { TErasureAnswer, TPrivacyRequest } from '@gleba/contracts';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/api/file-response';

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
  await downloadFile(`${privacyRequestsKey}/${encodeURIComponent(requestId)}/archive`, 'gleba-data.zip');
}
