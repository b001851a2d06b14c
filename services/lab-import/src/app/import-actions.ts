import { LabImportErrorCode, type ImportStatus, type Language, type TImportDetail } from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import {
  claimForApply,
  findImport,
  hasFile,
  importDetail,
  updateImport,
} from '../db/repositories/imports.repository';
import type { Deps } from './deps';
import { ApplyImportJob, CheckImportJob } from './import-jobs';

const notFound = () => new AppError(LabImportErrorCode.importNotFound, 404, 'Import not found');

/** `GET /imports/{id}`: an import of the panel's mode with its first `errorsLimit` row errors. */
export async function importById(
  deps: Deps,
  id: string,
  mode: 'farm' | 'garden',
  errorsLimit: number,
  lang: Language,
): Promise<TImportDetail> {
  const row = await findImport(deps.db, id, mode);
  if (!row) throw notFound();
  return importDetail(deps.db, row, errorsLimit, lang);
}

/** `POST /imports/{id}/check`: checks a stored workbook again (uploaded, checked or failed, with its file). */
export async function recheckImport(
  deps: Deps,
  id: string,
  mode: 'farm' | 'garden',
  lang: Language,
): Promise<TImportDetail> {
  const { db, jobs } = deps;
  const row = await findImport(db, id, mode);
  if (!row) throw notFound();
  const checkable: ImportStatus[] = ['UPLOADED', 'CHECKED', 'FAILED'];
  if (!checkable.includes(row.status as ImportStatus) || !(await hasFile(db, row.id))) {
    throw new AppError(
      LabImportErrorCode.importNotReady,
      409,
      `An import in status ${row.status} cannot be checked`,
    );
  }
  await updateImport(db, row.id, {
    status: 'UPLOADED',
    error_code: null,
    error_params: null,
    error_message: null,
  });
  await jobs.add(
    CheckImportJob,
    { importId: row.id, thenApply: false },
    { jobId: `check-${row.id}-${Date.now()}` },
  );
  return importDetail(db, (await findImport(db, row.id, mode))!, 0, lang);
}

/** `POST /imports/{id}/apply`: applies the rows a check staged (a CHECKED import only). */
export async function requestApply(
  deps: Deps,
  id: string,
  mode: 'farm' | 'garden',
  lang: Language,
): Promise<TImportDetail> {
  const { db, jobs } = deps;
  if (!(await claimForApply(db, id, mode))) {
    const row = await findImport(db, id, mode);
    if (!row) throw notFound();
    throw new AppError(
      LabImportErrorCode.importNotReady,
      409,
      `An import in status ${row.status} cannot be applied`,
    );
  }
  await jobs.add(ApplyImportJob, { importId: id }, { jobId: `apply-${id}` });
  return importDetail(db, (await findImport(db, id, mode))!, 0, lang);
}
