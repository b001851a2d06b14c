import useSWR from 'swr';
import type { AdminMode, TAdminUsersResponse, TCurrentUser } from '@gleba/contracts';
import type { QueryValue } from '@gleba/api-client';
import { api } from '../../../lib/api-client';

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
