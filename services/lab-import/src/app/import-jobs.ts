import { z } from 'zod';
import { QueueName } from '@gleba/contracts';
import { defineJob } from '@gleba/platform';

/** Check (and, when the upload asked for it, apply in the same pass) one uploaded workbook. */
export const CheckImportJob = defineJob({
  queue: QueueName.labImport,
  name: 'check-import',
  version: 1,
  schema: z.object({ importId: z.uuid(), thenApply: z.boolean() }),
  attempts: 3,
  backoffMs: 2000,
});

/** Apply the rows a check staged. */
export const ApplyImportJob = defineJob({
  queue: QueueName.labImport,
  name: 'apply-import',
  version: 1,
  schema: z.object({ importId: z.uuid() }),
  attempts: 3,
  backoffMs: 2000,
});
