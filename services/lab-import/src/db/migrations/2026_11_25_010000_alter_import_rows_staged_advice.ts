import type { Kysely } from 'kysely';

/**
 * The check computes each staged row's advice (classes and the shared recommendation) while the
 * parser thread reads on, and stages it beside the row with the sample's crop and area it was
 * computed for (`advised_for`). Apply then copies it into `results` inside Postgres, and computes
 * again only rows whose sample changed since the check, or rows staged before this (no `advised_for`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('import_rows')
    .addColumn('classes', 'json')
    .addColumn('recommendation_id', 'text')
    .addColumn('recommendation_measured', 'json')
    .addColumn('recommendation_error', 'text')
    .addColumn('advised_for', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('import_rows')
    .dropColumn('classes')
    .dropColumn('recommendation_id')
    .dropColumn('recommendation_measured')
    .dropColumn('recommendation_error')
    .dropColumn('advised_for')
    .execute();
}
