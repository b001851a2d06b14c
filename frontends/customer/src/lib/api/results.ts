import useSWR from 'swr';
import type { TOrderResultsView, TSampleResultsView } from '@gleba/contracts';
import { api } from '../api-client';
import { useLanguageStore } from '../../stores/language-store';

/** `GET /api/results/tests/{testId}`. */
export const resultsKey = (testId: string) => `results/tests/${encodeURIComponent(testId)}`;

/** `GET /api/results/orders/{orderId}`: every sample of a farm order (one per sector). */
export const orderResultsKey = (orderId: string) => `results/orders/${encodeURIComponent(orderId)}`;

/** A farm order's samples; `null` asks nothing (used when the id was not a test's). */
export function useOrderResults(orderId: string | null) {
  const lang = useLanguageStore((s) => s.lang);
  return useSWR<TOrderResultsView>(orderId ? [orderResultsKey(orderId), lang] : null, ([key]: [string]) =>
    api.get<TOrderResultsView>(key),
  );
}

export function useTestResults(testId: string | undefined) {
  const lang = useLanguageStore((s) => s.lang);
  return useSWR<TSampleResultsView>(testId ? [resultsKey(testId), lang] : null, ([key]: [string]) =>
    api.get<TSampleResultsView>(key),
  );
}

/** Downloads a PDF of the API (the client reads JSON only): bearer token and language as the client sends them. */
export async function downloadPdf(path: string, fileName: string): Promise<void> {
  const headers: Record<string, string> = {
    accept: 'application/pdf',
    'x-gleba-lang': useLanguageStore.getState().lang,
  };
  const token = api.tokens.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`/api/${path}`, { headers });
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
