import useSWR from 'swr';
import type { AdminMode, TComplaint, TPageMeta } from '@gleba/contracts';
import type { QueryValue } from '@gleba/api-client';
import { api } from '../../../lib/api-client';
import { apiBaseFor } from '../../../stores/mode-store';

export interface ComplaintList {
  items: TComplaint[];
  meta: TPageMeta;
}

export function useComplaints(mode: AdminMode, status: string, page: number) {
  const query: Record<string, QueryValue> = { page, perPage: 20, ...(status ? { status } : {}) };
  return useSWR<ComplaintList>(
    ['complaints', query, mode] as const,
    ([path, q]: readonly [string, Record<string, QueryValue>, AdminMode]) =>
      api.get<ComplaintList>(path, { query: q }),
  );
}

/** The answer; with `retest` the sample is tested again and its new results update the test. */
export function answerComplaint(id: string, answer: string, retest: boolean): Promise<TComplaint> {
  return api.post<TComplaint>(`complaints/${encodeURIComponent(id)}/answer`, { answer, retest });
}

/** The customer's photo (the API needs the bearer token, so it is fetched and opened as a blob). */
export async function openComplaintPhoto(mode: AdminMode, id: string): Promise<void> {
  const headers: Record<string, string> = {};
  const token = api.tokens.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${apiBaseFor(mode)}/complaints/${encodeURIComponent(id)}/photo`, { headers });
  if (!res.ok) throw new Error(`photo: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
