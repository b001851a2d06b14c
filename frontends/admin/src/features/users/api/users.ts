import useSWR from 'swr';
import type { AdminMode, TAdminUsersResponse, TCurrentUser, TPrivacyRequest } from '@gleba/contracts';
import type { QueryValue } from '@gleba/api-client';
import { api } from '../../../lib/api-client';
import { fetchFile } from '../../../lib/files';

export function useUsers(mode: AdminMode, query: Record<string, QueryValue>) {
  return useSWR<TAdminUsersResponse>(
    ['users', query, mode] as const,
    ([path, q]: readonly [string, Record<string, QueryValue>, AdminMode]) =>
      api.get<TAdminUsersResponse>(path, { query: q }),
  );
}

export const suspendUser = (id: string, reason?: string) =>
  api.post<TCurrentUser>(`users/${id}/suspend`, reason ? { reason } : {});
export const reinstateUser = (id: string) => api.post<TCurrentUser>(`users/${id}/reinstate`, {});

/** A user's data requests (export, erasure) with each service's answer. */
export function usePrivacyRequests(mode: AdminMode, userId: string | null) {
  return useSWR<TPrivacyRequest[]>(
    userId ? ([`users/${userId}/privacy-requests`, mode] as const) : null,
    ([path]: readonly [string, AdminMode]) => api.get<TPrivacyRequest[]>(path),
    { refreshInterval: (data) => (data?.some((r) => r.status === 'IN_PROGRESS') ? 3000 : 0) },
  );
}
export const requestUserExport = (id: string) =>
  api.post<TPrivacyRequest>(`users/${id}/privacy-requests/export`, {});
export const requestUserErasure = (id: string) =>
  api.post<TPrivacyRequest>(`users/${id}/privacy-requests/erasure`, {});
export const fetchUserArchive = (requestId: string) =>
  fetchFile(`users/privacy-requests/${requestId}/archive`);
