import type { Kysely } from 'kysely';
import { LabImportErrorCode } from '@gleba/contracts';
import type { Outbox } from '@gleba/platform';
import type { Database } from '../db/database';
import {
  countRowErrors,
  importForRun,
  insertImportErrors,
  updateImport,
} from '../db/repositories/imports.repository';
import { FileRejected } from '../adapters/xlsx-guard';
import { applyStaged } from './apply-staged';
import { errorRow, importWorkbook } from './import-workbook';

export interface RunOptions {
  batchSize: number;
  maxRows: number;
  parseThread: boolean;
  signal: AbortSignal;
}

/**
 * The check job's use case: runs the pipeline on an uploaded workbook (`thenApply`: checked and
 * applied in one pass and one transaction; a retry starts again). An import already applied is left
 * alone; an apply from staged rows that began (a job of a version that staged before applying) resumes.
 */
export async function checkUploaded(
  db: Kysely<Database>,
  outbox: Outbox,
  importId: string,
  thenApply: boolean,
  options: RunOptions,
): Promise<void> {
  const before = await importForRun(db, importId);
  if (!before || before.status === 'APPLIED') return;
  if (before.status === 'APPLYING')
    return applyStaged(db, outbox, importId, { batchSize: options.batchSize, signal: options.signal });
  await importWorkbook(db, importId, { ...options, applyWith: thenApply ? outbox : undefined });
}

/**
 * Records a failed import (FAILED, its file-level error). A one-pass apply (step=apply) that broke
 * has stored nothing: its summary says so (nothing applied, `rolledBack`) and keeps the row errors
 * found before the break.
 */
export async function recordFailure(
  db: Kysely<Database>,
  importId: string,
  error: unknown,
): Promise<LabImportErrorCode> {
  const known = error instanceof FileRejected;
  const code = known ? error.code : LabImportErrorCode.importUnknownError;
  const imp = await importForRun(db, importId);
  // Said only when rows were read: a file refused before its first row had nothing to save.
  const onePass = imp?.phase === 'apply' && imp.status === 'CHECKING' && imp.rows_read > 0;
  const rowErrors = onePass ? await countRowErrors(db, importId) : 0;
  const params = {
    ...(known ? error.params : null),
    ...(onePass ? { rolledBack: true, rowErrors } : {}),
  };
  const stored = errorRow(importId, null, null, { code, params });
  await updateImport(db, importId, {
    status: 'FAILED',
    error_code: code,
    error_params: stored.params,
    error_message: stored.message,
    ...(onePass ? { rows_applied: 0, orders_touched: 0 } : {}),
  });
  await insertImportErrors(db, [stored]);
  return code;
}
