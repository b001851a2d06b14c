import { randomUUID } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ImportStatus,
  ImportTestType,
  LabImportErrorCode,
  ZIdParam,
  ZImportUploadQuery,
  ZPageQuery,
} from '@gleba/contracts';
import { AppError, mustAuth, parseInput, requestLanguage, requireRole, route } from '@gleba/platform';
import { importMessage } from '@gleba/i18n';
import { labImportSettings } from '../config';
import { findImport, importDetail, listImports } from '../db/repositories/imports.repository';
import { templateWorkbook } from '../adapters/template';
import { countInflated, FileRejected, inspectXlsx } from '../adapters/xlsx-guard';
import type { ZipEntry } from '../adapters/zip';
import { ApplyImportJob, CheckImportJob } from '../jobs/import.worker';
import { handOver } from '../jobs/upload-handoff';
import { readUpload } from './upload';
import type { Deps } from '../app/deps';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function modeOf(req: Request): 'farm' | 'garden' {
  return req.baseUrl.startsWith('/garden-api') ? 'garden' : 'farm';
}

const sqlHasFile = sql<boolean>`file is not null`.as('has_file');

/** The wizard's choices; a wrong test type is answered with `importInvalidTestType`, not a generic 400. */
const ZUploadQueryLoose = z.object({
  testType: z.string().max(64).optional(),
  step: z.string().max(16).optional(),
  fileName: z.string().max(255).optional(),
});

const ZDetailQuery = z.object({ errorsLimit: z.coerce.number().int().min(0).max(10_000).default(1000) });

/** Admin API of the import wizard, mounted under both `/farm-api` and `/garden-api`. */
export function importRoutes(ctx: Deps): Router {
  const routes = Router();
  const { db, jobs } = ctx;
  const config = labImportSettings(ctx.config);
  const router = express.Router();
  router.use('/imports', requireRole('ADMIN'));

  router.get(
    '/imports/template',
    route({}, async ({ res }) => {
      const file = await templateWorkbook();
      res.setHeader('content-type', XLSX_MIME);
      res.setHeader('content-disposition', 'attachment; filename="gleba-lab-results-template.xlsx"');
      res.send(file);
      return undefined;
    }),
  );

  router.post(
    '/imports',
    route(
      { query: ZUploadQueryLoose },
      async ({ query: loose, auth, req }) => {
        const user = mustAuth(auth);
        const mode = modeOf(req);
        const id = randomUUID();
        const query = parseInput(ZImportUploadQuery.omit({ testType: true }), loose, 'query');
        const testType = ImportTestType.safeParse(loose.testType);
        const base = {
          id,
          mode,
          test_type: testType.success ? testType.data : String(loose.testType ?? ''),
          step: query.step,
          created_by: user.userId,
        };
        const limits = {
          maxFileBytes: config.IMPORT_MAX_FILE_BYTES,
          maxUncompressedBytes: config.IMPORT_MAX_UNCOMPRESSED_BYTES,
          maxRatio: config.IMPORT_MAX_COMPRESSION_RATIO,
          maxEntries: config.IMPORT_MAX_ZIP_ENTRIES,
        };
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
          if (stored) await db.updateTable('imports').set(rejected).where('id', '=', id).execute();
          else
            await db
              .insertInto('imports')
              .values({
                ...base,
                file_name: query.fileName ?? error.fileName ?? upload?.fileName ?? null,
                ...rejected,
              })
              .execute();
          return new AppError(
            error.code,
            error.status,
            error.message,
            [{ path: 'importId', message: id }],
            params,
          );
        };
        let upload: { buffer: Buffer; fileName: string | null } | undefined;
        let formFileName: string | null = null;
        let zipEntries: ZipEntry[];
        try {
          upload = await readUpload(req, config.IMPORT_MAX_FILE_BYTES);
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
        // The last check (every entry inflated and counted, ~0.2-0.4 s for 5 MB) runs while the file
        // is stored; no job starts before it passes, and a file it refuses is marked REJECTED.
        const [counted, stored] = await Promise.allSettled([
          countInflated(upload.buffer, zipEntries, limits),
          db
            .insertInto('imports')
            .values({
              ...base,
              file_name: query.fileName ?? upload.fileName,
              file_size: upload.buffer.length,
              file: upload.buffer,
              status: 'UPLOADED',
            })
            .execute(),
        ]);
        if (counted.status === 'rejected') {
          if (!(counted.reason instanceof FileRejected)) throw counted.reason;
          throw await refuse(counted.reason, stored.status === 'fulfilled');
        }
        if (stored.status === 'rejected') throw stored.reason;
        handOver(id, upload.buffer);
        await jobs.add(
          CheckImportJob,
          { importId: id, thenApply: query.step === 'apply' },
          { jobId: `check-${id}` },
        );
        const row = await findImport(db, id, mode);
        return importDetail(db, row!, 0, requestLanguage(req));
      },
      { status: 202 },
    ),
  );

  router.get(
    '/imports',
    route({ query: ZPageQuery }, async ({ query, req }) =>
      listImports(db, modeOf(req), query.page, query.perPage, requestLanguage(req)),
    ),
  );

  router.get(
    '/imports/:id',
    route({ params: ZIdParam, query: ZDetailQuery }, async ({ params, query, req }) => {
      const row = await findImport(db, params.id, modeOf(req));
      if (!row) throw new AppError(LabImportErrorCode.importNotFound, 404, 'Import not found');
      return importDetail(db, row, query.errorsLimit, requestLanguage(req));
    }),
  );

  router.post(
    '/imports/:id/check',
    route(
      { params: ZIdParam },
      async ({ params, req }) => {
        const mode = modeOf(req);
        const row = await findImport(db, params.id, mode);
        if (!row) throw new AppError(LabImportErrorCode.importNotFound, 404, 'Import not found');
        const checkable: ImportStatus[] = ['UPLOADED', 'CHECKED', 'FAILED'];
        const hasFile = await db
          .selectFrom('imports')
          .select(sqlHasFile)
          .where('id', '=', row.id)
          .executeTakeFirst();
        if (!checkable.includes(row.status as ImportStatus) || !hasFile?.has_file) {
          throw new AppError(
            LabImportErrorCode.importNotReady,
            409,
            `An import in status ${row.status} cannot be checked`,
          );
        }
        await db
          .updateTable('imports')
          .set({ status: 'UPLOADED', error_code: null, error_params: null, error_message: null })
          .where('id', '=', row.id)
          .execute();
        await jobs.add(
          CheckImportJob,
          { importId: row.id, thenApply: false },
          { jobId: `check-${row.id}-${Date.now()}` },
        );
        return importDetail(db, (await findImport(db, row.id, mode))!, 0, requestLanguage(req));
      },
      { status: 202 },
    ),
  );

  router.post(
    '/imports/:id/apply',
    route(
      { params: ZIdParam },
      async ({ params, req }) => {
        const mode = modeOf(req);
        const updated = await db
          .updateTable('imports')
          .set({ status: 'APPLYING', phase: 'apply', percent: 0 })
          .where('id', '=', params.id)
          .where('mode', '=', mode)
          .where('status', '=', 'CHECKED')
          .returning('id')
          .executeTakeFirst();
        if (!updated) {
          const row = await findImport(db, params.id, mode);
          if (!row) throw new AppError(LabImportErrorCode.importNotFound, 404, 'Import not found');
          throw new AppError(
            LabImportErrorCode.importNotReady,
            409,
            `An import in status ${row.status} cannot be applied`,
          );
        }
        await jobs.add(ApplyImportJob, { importId: params.id }, { jobId: `apply-${params.id}` });
        return importDetail(db, (await findImport(db, params.id, mode))!, 0, requestLanguage(req));
      },
      { status: 202 },
    ),
  );

  for (const base of ['/farm-api', '/garden-api']) routes.use(base, router);
  return routes;
}
