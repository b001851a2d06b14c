import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('expected_samples')
    .addColumn('sample_id', 'uuid', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('basic_test_type', 'text', (c) => c.notNull())
    .addColumn('additional_test_types', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('plant_id', 'text')
    .addColumn('crop_id', 'uuid')
    .addColumn('sector_id', 'uuid')
    .addColumn('area_ha', 'numeric')
    .addColumn('area_ares', 'numeric')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index expected_samples_code_active on expected_samples (code) where cancelled_at is null`.execute(
    db,
  );
  await db.schema.createIndex('expected_samples_order').on('expected_samples').column('order_id').execute();
  await db.schema.createIndex('expected_samples_user').on('expected_samples').column('user_id').execute();

  await db.schema
    .createTable('imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('test_type', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('file', 'bytea')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('phase', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer')
    .addColumn('rows_valid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_applied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('orders_touched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('apply_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('checked_at', 'timestamptz')
    .addColumn('applied_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('imports_created').on('imports').columns(['mode', 'created_at']).execute();

  await db.schema
    .createTable('import_errors')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('import_id', 'uuid', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer')
    .addColumn('label', 'text')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('import_errors_import')
    .on('import_errors')
    .columns(['import_id', 'row_number'])
    .execute();

  // Rows that passed the check, parsed, waiting for apply; apply deletes them as it stores results.
  await db.schema
    .createTable('import_rows')
    .addColumn('import_id', 'uuid', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('sample_id', 'uuid', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('test_type', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    // json, not jsonb: written and read whole, never queried inside; json skips the conversion on write.
    .addColumn('elements', 'json', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_rows_pk', ['import_id', 'row_number'])
    .execute();
  await db.schema
    .createIndex('import_rows_order')
    .on('import_rows')
    .columns(['import_id', 'order_id'])
    .execute();

  await db.schema
    .createTable('results')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('sample_id', 'uuid', (c) => c.notNull().references('expected_samples.sample_id'))
    .addColumn('test_type', 'text', (c) => c.notNull())
    .addColumn('agronomic_category', 'text')
    .addColumn('elements', 'json', (c) => c.notNull())
    .addColumn('classes', 'json')
    .addColumn('recommendation', 'json')
    .addColumn('recommendation_error', 'text')
    .addColumn('rulesets', 'json')
    .addColumn('import_id', 'uuid', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('results_sample_test', ['sample_id', 'test_type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['results', 'import_rows', 'import_errors', 'imports', 'expected_samples'])
    await db.schema.dropTable(t).ifExists().execute();
}
