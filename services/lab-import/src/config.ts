import { z } from 'zod';
import { ZBaseConfig } from '@gleba/platform';

/** This service's own settings, with their defaults. */
export const ZLabImportSettings = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3004),
  /** Spec section 9: an import file is at most 5 MB. */
  IMPORT_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Zip-bomb guard: the unpacked entries together, and the ratio of any entry over 1 MiB. */
  IMPORT_MAX_UNCOMPRESSED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(300 * 1024 * 1024),
  IMPORT_MAX_COMPRESSION_RATIO: z.coerce.number().positive().default(200),
  IMPORT_MAX_ZIP_ENTRIES: z.coerce.number().int().positive().default(1000),
  IMPORT_MAX_ROWS: z.coerce.number().int().positive().default(100_000),
  /** A check or apply that runs longer fails with importTimeout instead of holding the worker. */
  IMPORT_JOB_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
  IMPORT_WORKER_CONCURRENCY: z.coerce.number().int().positive().default(1),
  /**
   * true: the check parses the workbook on a worker thread of its own (kept between imports) while
   * the service's thread stages; false (default): in the service's thread. On 2 cores shared with
   * Postgres the thread gained little time and cost much peak memory (decision 0027; figures in
   * bench/results/lab-import.md).
   */
  IMPORT_PARSE_THREAD: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(false),
  /** Rows per database round trip while checking and applying. */
  IMPORT_BATCH_SIZE: z.coerce.number().int().positive().default(500),
});
export type LabImportSettings = z.infer<typeof ZLabImportSettings>;

export const ZConfig = ZBaseConfig.extend(ZLabImportSettings.shape);
export type Config = z.infer<typeof ZConfig>;

/** The settings with their defaults, also when the config was built from the base schema only (tests). */
export function labImportSettings(config: object): LabImportSettings {
  return ZLabImportSettings.parse(config);
}
