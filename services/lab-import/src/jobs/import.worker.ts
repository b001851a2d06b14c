import { z } from 'zod';
import { LabImportErrorCode, QueueName } from '@gleba/contracts';
import { defineJob, runWithContext, type ServiceContext } from '@gleba/platform';
import { labImportSettings, type Config } from '../config';
import type { Database } from '../db/database';
import { FileRejected } from '../adapters/xlsx-guard';
import { applyImport } from './apply-import';
import { checkImport, errorRow } from './check-import';

/** Check (and, when the upload asked for it, apply in the same pass) one uploaded workbook. */
export const CheckImportJob = defineJob({
  queue: QueueName.labImport,
  name: 'check-import',
  version: 1,
  schema: z.object({ importId: z.uuid(), thenApply: z.boolean() }),
  attempts: 3,
  backoffMs: 2000,
});

export const ApplyImportJob = defineJob({
  queue: QueueName.labImport,
  name: 'apply-import',
  version: 1,
  schema: z.object({ importId: z.uuid() }),
  attempts: 3,
  backoffMs: 2000,
});

class ImportTimeout extends FileRejected {}

/** Runs `fn` with a signal that aborts after `ms`; the read then stops and the job fails cleanly. */
async function withDeadline<T>(ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ImportTimeout(
        LabImportErrorCode.importTimeout,
        `the import took longer than ${ms} ms`,
      );
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([fn(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export function startImportWorker(ctx: ServiceContext<Database, Config>) {
  const { db, logger } = ctx;
  const config = labImportSettings(ctx.config);

  /**
   * Records a failed import. A one-pass apply (step=apply) that breaks has stored nothing: its
   * summary says so (nothing applied, `rolledBack`) and keeps the row errors found before the break.
   */
  const fail = async (importId: string, error: unknown, final: boolean) => {
    const known = error instanceof FileRejected;
    if (!known && !final) return false;
    const code = known ? error.code : LabImportErrorCode.importUnknownError;
    if (known) logger.info({ importId, code, reason: error.message }, 'import failed');
    else logger.error({ err: error, importId }, 'import failed');
    const imp = await db
      .selectFrom('imports')
      .select(['phase', 'status', 'rows_read'])
      .where('id', '=', importId)
      .executeTakeFirst();
    // Said only when rows were read: a file refused before its first row had nothing to save.
    const onePass = imp?.phase === 'apply' && imp.status === 'CHECKING' && imp.rows_read > 0;
    const rowErrors = onePass
      ? Number(
          (
            await db
              .selectFrom('import_errors')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('import_id', '=', importId)
              .where('row_number', 'is not', null)
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0;
    const params = {
      ...(known ? error.params : null),
      ...(onePass ? { rolledBack: true, rowErrors } : {}),
    };
    const stored = errorRow(importId, null, null, { code, params });
    await db
      .updateTable('imports')
      .set({
        status: 'FAILED',
        error_code: code,
        error_params: stored.params,
        error_message: stored.message,
        ...(onePass ? { rows_applied: 0, orders_touched: 0 } : {}),
      })
      .where('id', '=', importId)
      .execute();
    await db.insertInto('import_errors').values(stored).execute();
    return true;
  };

  /** A known failure (bad file, timeout) ends the job; anything else is retried, then recorded. */
  const run = async (
    importId: string,
    attempt: number,
    attempts: number,
    fn: (signal: AbortSignal) => Promise<void>,
  ) => {
    try {
      // Every event of one import carries the import's id as its correlation id.
      await runWithContext({ correlationId: importId }, () => withDeadline(config.IMPORT_JOB_TIMEOUT_MS, fn));
    } catch (error) {
      const handled = await fail(importId, error, attempt >= attempts);
      if (!handled) throw error;
    }
  };

  return ctx.jobs.worker(
    QueueName.labImport,
    [
      {
        def: CheckImportJob,
        process: async (data, job) => {
          const { importId, thenApply } = data as z.infer<typeof CheckImportJob.schema>;
          const options = {
            batchSize: config.IMPORT_BATCH_SIZE,
            maxRows: config.IMPORT_MAX_ROWS,
            parseThread: config.IMPORT_PARSE_THREAD,
          };
          await run(importId, job.attemptsMade + 1, CheckImportJob.attempts, async (signal) => {
            const before = await db
              .selectFrom('imports')
              .select('status')
              .where('id', '=', importId)
              .executeTakeFirst();
            if (!before || before.status === 'APPLIED') return;
            // An apply from staged rows that began (a job of a version that staged before applying) resumes.
            if (before.status === 'APPLYING')
              return applyImport(db, ctx.outbox, importId, { batchSize: config.IMPORT_BATCH_SIZE, signal });
            // step=apply: checked and applied in one pass and one transaction (a retry starts again).
            await checkImport(db, importId, {
              ...options,
              signal,
              applyWith: thenApply ? ctx.outbox : undefined,
            });
          });
        },
      },
      {
        def: ApplyImportJob,
        process: async (data, job) => {
          const { importId } = data as z.infer<typeof ApplyImportJob.schema>;
          await run(importId, job.attemptsMade + 1, ApplyImportJob.attempts, (signal) =>
            applyImport(db, ctx.outbox, importId, { batchSize: config.IMPORT_BATCH_SIZE, signal }),
          );
        },
      },
    ],
    { concurrency: config.IMPORT_WORKER_CONCURRENCY },
  );
}
