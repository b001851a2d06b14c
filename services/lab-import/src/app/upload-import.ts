import { randomUUID } from 'node:crypto';
import {
  ImportTestType,
  LabImportErrorCode,
  type Language,
  type TImportDetail,
  type TImportUploadQuery,
} from '@gleba/contracts';
import { AppError } from '@gleba/platform';
import { importMessage } from '@gleba/i18n';
import { labImportSettings } from '../config';
import { findImport, importDetail, insertImport, updateImport } from '../db/repositories/imports.repository';
import { countInflated, FileRejected, inspectXlsx } from '../adapters/xlsx-guard';
import { worksheetsLast, type ZipEntry } from '../adapters/zip';
import type { Deps } from './deps';
import { CheckImportJob } from './import-jobs';
import { handOver } from './upload-handoff';

export interface UploadRequest {
  userId: string;
  mode: 'farm' | 'garden';
  /** As sent: checked against `ImportTestType` after the body is read. */
  testType: string | undefined;
  step: TImportUploadQuery['step'];
  fileName: string | undefined;
  lang: Language;
  /** Reads the request's file (at most `maxBytes`); throws `FileRejected` for a bad body. */
  read: (maxBytes: number) => Promise<{ buffer: Buffer; fileName: string | null }>;
}

/**
 * `POST /imports`: checks the workbook by content, stores it and queues its check (and apply, with
 * `step=apply`). A refused file is kept in the history as REJECTED (without its content) and
 * answered with its error code.
 */
export async function uploadImport(deps: Deps, request: UploadRequest): Promise<TImportDetail> {
  const { db, jobs } = deps;
  const config = labImportSettings(deps.config);
  const id = randomUUID();
  const testType = ImportTestType.safeParse(request.testType);
  const base = {
    id,
    mode: request.mode,
    test_type: testType.success ? testType.data : String(request.testType ?? ''),
    step: request.step,
    created_by: request.userId,
  };
  const limits = {
    maxFileBytes: config.IMPORT_MAX_FILE_BYTES,
    maxUncompressedBytes: config.IMPORT_MAX_UNCOMPRESSED_BYTES,
    maxRatio: config.IMPORT_MAX_COMPRESSION_RATIO,
    maxEntries: config.IMPORT_MAX_ZIP_ENTRIES,
  };
  let upload: { buffer: Buffer; fileName: string | null } | undefined;
  // A refused file is kept in the history (without its content), then answered.
  const refuse = async (error: FileRejected, stored: boolean) => {
    const params =
      error.code === LabImportErrorCode.importFileTooLarge
        ? { max: Math.round(config.IMPORT_MAX_FILE_BYTES / (1024 * 1024)) }
        : undefined;
    const rejected = {
      status: 'REJECTED' as const,
      file: null,
      file_size: 0,
      error_code: error.code,
      error_params: JSON.stringify(params ?? {}),
      error_message: importMessage('en', error.code, params ?? null, error.message),
    };
    if (stored) await updateImport(db, id, rejected);
    else
      await insertImport(db, {
        ...base,
        file_name: request.fileName ?? error.fileName ?? upload?.fileName ?? null,
        ...rejected,
      });
    return new AppError(error.code, error.status, error.message, [{ path: 'importId', message: id }], params);
  };
  let formFileName: string | null = null;
  let zipEntries: ZipEntry[];
  try {
    upload = await request.read(config.IMPORT_MAX_FILE_BYTES);
    formFileName = upload.fileName;
    // Checked after the body is read, so the client gets the answer rather than a reset.
    if (!testType.success)
      throw new FileRejected(
        LabImportErrorCode.importInvalidTestType,
        `testType must be one of ${ImportTestType.options.join(', ')}`,
      );
    ({ zipEntries } = await inspectXlsx(upload.buffer, limits));
  } catch (error) {
    if (!(error instanceof FileRejected)) throw error;
    // The history names the refused file (the form's file name when no name was given).
    error.fileName ??= formFileName;
    throw await refuse(error, false);
  }
  // Stored and handed to the job with its worksheets behind the shared strings (the same entries,
  // moved, see `worksheetsLast`): the check then reads this one buffer instead of a reordered copy
  // held beside the upload's for the whole read.
  const file = worksheetsLast(upload.buffer);
  // The last check (every entry inflated and counted) runs while the file is stored; no job
  // starts before it passes, and a file it refuses is marked REJECTED.
  const [counted, stored] = await Promise.allSettled([
    countInflated(upload.buffer, zipEntries, limits),
    insertImport(db, {
      ...base,
      file_name: request.fileName ?? upload.fileName,
      file_size: upload.buffer.length,
      file,
      status: 'UPLOADED',
    }),
  ]);
  if (counted.status === 'rejected') {
    if (!(counted.reason instanceof FileRejected)) throw counted.reason;
    throw await refuse(counted.reason, stored.status === 'fulfilled');
  }
  if (stored.status === 'rejected') throw stored.reason;
  handOver(id, file);
  await jobs.add(
    CheckImportJob,
    { importId: id, thenApply: request.step === 'apply' },
    { jobId: `check-${id}` },
  );
  const row = await findImport(db, id, request.mode);
  return importDetail(db, row!, 0, request.lang);
}
