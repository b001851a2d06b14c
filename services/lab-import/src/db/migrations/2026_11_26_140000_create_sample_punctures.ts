import type { Kysely } from 'kysely';

/**
 * Punctures the customer recorded on the sampling screen, per sample (decision 0058), from
 * orders.sample.punctures-recorded: the report says how many were taken. Kept apart from the
 * expected sample, so the count does not depend on which event is taken first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sample_punctures')
    .addColumn('sample_id', 'uuid', (c) => c.primaryKey())
    .addColumn('punctures_taken', 'integer', (c) => c.notNull())
    .addColumn('punctures_planned', 'integer', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sample_punctures').execute();
}
