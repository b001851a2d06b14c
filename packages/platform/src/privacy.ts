import { gunzipSync, gzipSync } from 'node:zlib';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import {
  DataExportRequestedV1,
  ERASURE_COMPLETED,
  EXPORT_PART_MAX_CHARS,
  EXPORT_PART_WRITTEN,
  ErasureRequestedV1,
  ZExportFile,
  type PrivacyService,
  type TExportFile,
} from '@gleba/contracts';
import { on, type EventHandler } from './messaging/consumer';
import type { Outbox } from './messaging/outbox';
import type { Logger } from './logger';

/** An export part as it travels in `<service>.data-export.part-written` (decision 0056). */
export function encodeExportFiles(files: readonly TExportFile[]): string {
  const encoded = gzipSync(Buffer.from(JSON.stringify(files), 'utf8')).toString('base64');
  if (encoded.length > EXPORT_PART_MAX_CHARS)
    throw new Error(`export part of ${encoded.length} characters exceeds ${EXPORT_PART_MAX_CHARS}`);
  return encoded;
}

export function decodeExportFiles(encoded: string): TExportFile[] {
  return z.array(ZExportFile).parse(JSON.parse(gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8')));
}

/** What one service does for a person's data request: both in the consumer's transaction. */
export interface PrivacyUseCases<DB> {
  /** The service's files of the person's data (`<service>.json`, GeoJSON files). */
  exportPart: (trx: Transaction<DB>, userId: string) => Promise<TExportFile[]>;
  /**
   * Erases or anonymizes what the service holds of the person. Must end the same when run again
   * (a retried request, a restart half-way): the counts are of what this run changed.
   */
  erase: (trx: Transaction<DB>, userId: string) => Promise<Record<string, number>>;
}

/**
 * Removes the person's traces from the platform's own tables: published outbox rows (kept a week
 * for diagnosis) and recorded job failures whose payload names them. Unpublished rows stay: they
 * are still to be delivered, and the relay deletes them a week after.
 */
export async function erasePlatformTraces<DB>(
  trx: Transaction<DB>,
  needles: readonly string[],
): Promise<Record<string, number>> {
  let outbox = 0;
  let jobFailures = 0;
  for (const needle of needles.filter((n) => n.length >= 6)) {
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const o =
      await sql`delete from outbox where published_at is not null and envelope::text ilike ${like}`.execute(
        trx,
      );
    const j = await sql`delete from job_failures where payload::text ilike ${like}`.execute(trx);
    outbox += Number(o.numAffectedRows ?? 0);
    jobFailures += Number(j.numAffectedRows ?? 0);
  }
  return { outboxRows: outbox, jobFailures };
}

/**
 * The two handlers every service holding personal data registers: on an export request it
 * publishes its part, on an erasure request it erases and publishes that it is done. The inbox
 * drops a redelivered event; a request sent again (the daily check) runs the use case again,
 * which is why both must be idempotent.
 */
export function privacyHandlers<DB>(
  service: PrivacyService,
  deps: { outbox: Outbox; logger: Logger },
  useCases: PrivacyUseCases<DB>,
): EventHandler<DB>[] {
  return [
    on<DB, typeof DataExportRequestedV1>(DataExportRequestedV1, async (trx, d) => {
      const files = await useCases.exportPart(trx, d.userId);
      await deps.outbox.publish(trx, EXPORT_PART_WRITTEN[service], {
        requestId: d.requestId,
        userId: d.userId,
        files: encodeExportFiles(files),
        fileCount: files.length,
      });
      deps.logger.info({ requestId: d.requestId, files: files.length }, 'data export part written');
    }),
    on<DB, typeof ErasureRequestedV1>(ErasureRequestedV1, async (trx, d) => {
      const counts = await useCases.erase(trx, d.userId);
      await deps.outbox.publish(trx, ERASURE_COMPLETED[service], {
        requestId: d.requestId,
        userId: d.userId,
        counts,
      });
      deps.logger.info({ requestId: d.requestId, counts }, 'personal data erased');
    }),
  ];
}
