import { sql, type Kysely } from 'kysely';

/**
 * Messages of an import are codes with parameters, rendered in the reader's language when read:
 * `import_errors.params` for a row's or cell's error, `imports.error_params` for the file's.
 * Garden samples record when the customer confirmed their shipment (decision 0043): results are
 * refused for a garden test whose details the customer may still change. Garden samples expected
 * before this migration keep the old behaviour (taken as confirmed when they were registered).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_errors').addColumn('params', 'jsonb').execute();
  await db.schema.alterTable('imports').addColumn('error_params', 'jsonb').execute();
  await db.schema.alterTable('expected_samples').addColumn('shipment_confirmed_at', 'timestamptz').execute();
  await sql`update expected_samples set shipment_confirmed_at = registered_at where kind = 'GARDEN'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('expected_samples').dropColumn('shipment_confirmed_at').execute();
  await db.schema.alterTable('imports').dropColumn('error_params').execute();
  await db.schema.alterTable('import_errors').dropColumn('params').execute();
}
