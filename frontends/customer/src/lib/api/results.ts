import useSWR from 'swr';
import type { TOrderResultsView, TSampleResultsView } from '@gleba/contracts';
import { api } from '../api-client';
import { useLanguageStore } from '../../stores/language-store';
import { downloadFile } from './file-response';

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

/** Downloads a PDF of the API and saves it as `fileName` (see `downloadFile`). */
export async function downloadPdf(path: string, fileName: string): Promise<void> {
  await downloadFile(path, fileName, { accept: 'application/pdf' });
}
