import type { Kysely } from 'kysely';

/**
 * Staged rows carry their elements in the stored form and, apart, the few values the advice reads
 * (`advice`: pH, P2O5, K2O, Mg by key), so apply copies the elements into `results` inside
 * Postgres instead of reading, expanding and sending them back. Rows staged before (no `advice`,
 * compact tuples) still apply the old way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_rows').addColumn('advice', 'json').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_rows').dropColumn('advice').execute();
}
