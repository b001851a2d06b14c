import type { z } from 'zod';
import { LabImportErrorCode, QueueName } from '@gleba/contracts';
import { runWithContext, type ServiceContext } from '@gleba/platform';
import { labImportSettings, type Config } from '../config';
import type { Database } from '../db/database';
import { FileRejected } from '../adapters/xlsx-guard';
import { applyStaged } from '../app/apply-staged';
import { ApplyImportJob, CheckImportJob } from '../app/import-jobs';
import { checkUploaded, recordFailure } from '../app/run-import';

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

  /** Records the failure when it is known (a bad file, a timeout) or the job's last attempt. */
  const fail = async (importId: string, error: unknown, final: boolean) => {
    const known = error instanceof FileRejected;
    if (!known && !final) return false;
    if (known) logger.info({ importId, code: error.code, reason: error.message }, 'import failed');
    else logger.error({ err: error, importId }, 'import failed');
    await recordFailure(db, importId, error);
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
          await run(importId, job.attemptsMade + 1, CheckImportJob.attempts, (signal) =>
            checkUploaded(db, ctx.outbox, importId, thenApply, { ...options, signal }),
          );
        },
      },
      {
        def: ApplyImportJob,
        process: async (data, job) => {
          const { importId } = data as z.infer<typeof ApplyImportJob.schema>;
          await run(importId, job.attemptsMade + 1, ApplyImportJob.attempts, (signal) =>
            applyStaged(db, ctx.outbox, importId, { batchSize: config.IMPORT_BATCH_SIZE, signal }),
          );
        },
      },
    ],
    { concurrency: config.IMPORT_WORKER_CONCURRENCY },
  );
}
