/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take an untyped Kysely (conventions) */
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { shippedTercPath } from '../../adapters/terc-file';
import { importTercFile } from '../../scripts/terc-import';

/**
 * Loads the official TERC register shipped in `data/` (GUS, 2024-01-01: 16 voivodeships, 380
 * counties, 2,477 communes with their parts) in the migration's transaction. Upserts: a database
 * that held the old sample keeps its rows and gets every real unit. A newer register is loaded
 * with the import command (`npm run import:terc -w @gleba/geo -- <file>`), not a new migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await importTercFile(db, readFileSync(shippedTercPath(), 'utf8'), { inTransaction: true });
}

export async function down(): Promise<void> {
  // Reference data: the units stay (plots and caches refer to their codes).
}
