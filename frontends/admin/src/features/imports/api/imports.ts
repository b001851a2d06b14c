import useSWR from 'swr';
import type {
  AdminMode,
  ImportStep,
  ImportTestType,
  TImportDetail,
  TImportView,
  TPageMeta,
} from '@gleba/contracts';
import { api } from '../../../lib/api-client';
import { fetchFile, uploadWithProgress } from '../../../lib/files';

/** Spec 5 and 9: .xlsx only, at most 5 MB (the service checks the content again). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type FileProblem = 'fileNotXlsx' | 'fileTooLarge';

/** The client-side check of a chosen or dropped file: its name (and type, when the browser gives one) and size. */
export function validateImportFile(file: Pick<File, 'name' | 'size' | 'type'>): FileProblem | null {
  const xlsxName = /\.xlsx$/i.test(file.name);
  const typeOk = !file.type || file.type === XLSX_TYPE || file.type === 'application/octet-stream';
  if (!xlsxName || !typeOk) return 'fileNotXlsx';
  if (file.size > IMPORT_MAX_BYTES) return 'fileTooLarge';
  return null;
}

export function uploadImport(
  file: File,
  testType: ImportTestType,
  step: ImportStep,
  onProgress: (percent: number) => void,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<TImportView>(
    'imports',
    form,
    { testType, step, fileName: file.name },
    onProgress,
  );
}

const BUSY = new Set(['UPLOADED', 'CHECKING', 'APPLYING']);
export const isImportBusy = (status: string) => BUSY.has(status);

/**
 * One import, polled every second while the service works on it. swr's polling asks with
 * deduplication, so the panel's hour-long `dedupingInterval` (SWR_DEFAULTS) would hand every poll
 * the first answer and the wizard would show "checking" for ever: this key dedupes nothing.
 */
export function useImport(id: string | null, mode: AdminMode) {
  return useSWR<TImportDetail>(
    id ? ([`imports/${id}`, mode] as const) : null,
    ([path]: readonly [string, AdminMode]) => api.get<TImportDetail>(path, { query: { errorsLimit: 1000 } }),
    {
      refreshInterval: (data) => (data && !isImportBusy(data.status) ? 0 : IMPORT_POLL_MS),
      dedupingInterval: 0,
    },
  );
}

export const IMPORT_POLL_MS = 1000;

/** The history; polled while one of its imports is being checked or applied, so no row stays behind. */
export function useImportHistory(mode: AdminMode, page: number) {
  return useSWR<{ items: TImportView[]; meta: TPageMeta }>(
    ['imports', { page, perPage: 20 }, mode] as const,
    ([path, query]: readonly [string, { page: number; perPage: number }, AdminMode]) =>
      api.get<{ items: TImportView[]; meta: TPageMeta }>(path, { query }),
    {
      refreshInterval: (data) =>
        data?.items.some((i) => isImportBusy(i.status)) ? IMPORT_HISTORY_POLL_MS : 0,
      dedupingInterval: 0,
    },
  );
}

export const IMPORT_HISTORY_POLL_MS = 2000;

export const applyImport = (id: string) => api.post<TImportView>(`imports/${id}/apply`, {});
export const recheckImport = (id: string) => api.post<TImportView>(`imports/${id}/check`, {});
export const downloadTemplate = () => fetchFile('imports/template');
