/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take an untyped Kysely (conventions) */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('farms')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('farming_activity', 'boolean', (c) => c.notNull())
    .addColumn('total_area_m2', 'numeric', (c) => c.notNull().check(sql`total_area_m2 >= 0`))
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // GUS TERC: voivodeships (pow null), counties (gmi null), communes.
  await db.schema
    .createTable('admin_units')
    .addColumn('teryt', 'text', (c) => c.primaryKey())
    .addColumn('level', 'text', (c) => c.notNull().check(sql`level in ('VOIVODESHIP','COUNTY','COMMUNE')`))
    .addColumn('woj', 'text', (c) => c.notNull())
    .addColumn('pow', 'text')
    .addColumn('gmi', 'text')
    .addColumn('rodz', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind_name', 'text', (c) => c.notNull())
    .addColumn('valid_on', 'date')
    .execute();
  await db.schema
    .createIndex('admin_units_parent')
    .on('admin_units')
    .columns(['level', 'woj', 'pow'])
    .execute();
  await sql`create index admin_units_name on admin_units (lower(name) text_pattern_ops)`.execute(db);

  await db.schema
    .createTable('precincts')
    .addColumn('teryt', 'text', (c) => c.primaryKey())
    .addColumn('commune_teryt', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('precincts_commune').on('precincts').column('commune_teryt').execute();

  await db.schema
    .createTable('parcels')
    .addColumn('teryt_id', 'text', (c) => c.primaryKey())
    .addColumn('plot_number', 'text', (c) => c.notNull())
    .addColumn('precinct', 'text', (c) => c.notNull())
    .addColumn('commune', 'text', (c) => c.notNull())
    .addColumn('county', 'text', (c) => c.notNull())
    .addColumn('voivodeship', 'text', (c) => c.notNull())
    .addColumn('geometry', 'jsonb', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`create sequence plot_public_ids`.execute(db);
  await db.schema
    .createTable('plots')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('CADASTRAL','CUSTOM')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plot_number', 'text')
    .addColumn('teryt_id', 'text')
    .addColumn('voivodeship', 'text')
    .addColumn('county', 'text')
    .addColumn('commune', 'text')
    .addColumn('precinct', 'text')
    .addColumn('area_ha', 'numeric', (c) => c.notNull())
    .addColumn('geometry', 'jsonb', (c) => c.notNull())
    .addColumn('history_cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('plots_user').on('plots').column('user_id').execute();
  await sql`create unique index plots_user_teryt on plots (user_id, teryt_id) where teryt_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('crops')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plant_id', 'text', (c) => c.notNull())
    .addColumn('cultivation_from', 'date', (c) => c.notNull())
    .addColumn('cultivation_to', 'date', (c) => c.notNull())
    .addColumn('estimated_yield_t_per_ha', 'numeric')
    .addColumn('area_ha', 'numeric', (c) => c.notNull())
    .addColumn('geometry', 'jsonb', (c) => c.notNull())
    .addColumn('history_cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('crops_user').on('crops').column('user_id').execute();

  await db.schema
    .createTable('crop_plots')
    .addColumn('crop_id', 'uuid', (c) => c.notNull().references('crops.id').onDelete('cascade'))
    .addColumn('plot_id', 'uuid', (c) => c.notNull().references('plots.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('crop_plots_pk', ['crop_id', 'plot_id'])
    .execute();
  await db.schema.createIndex('crop_plots_plot').on('crop_plots').column('plot_id').execute();

  await db.schema
    .createTable('sectors')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('crop_id', 'uuid', (c) => c.notNull().references('crops.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('area_ha', 'numeric', (c) => c.notNull())
    .addColumn('geometry', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sectors_crop').on('sectors').column('crop_id').execute();

  // Versions of a shape for undo/redo: `history_cursor` of the plot or crop points at the current one.
  await db.schema
    .createTable('shape_versions')
    .addColumn('entity_id', 'uuid', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('geometry', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('shape_versions_pk', ['entity_id', 'seq'])
    .execute();

  // What orders' tests use (from orders.order.placed); cancelled orders release theirs.
  await db.schema
    .createTable('test_locks')
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('crop_id', 'uuid')
    .addColumn('sector_id', 'uuid')
    .execute();
  await db.schema.createIndex('test_locks_order').on('test_locks').column('order_id').execute();
  await db.schema.createIndex('test_locks_crop').on('test_locks').column('crop_id').execute();
  await db.schema.createIndex('test_locks_sector').on('test_locks').column('sector_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'test_locks',
    'shape_versions',
    'sectors',
    'crop_plots',
    'crops',
    'plots',
    'parcels',
    'precincts',
    'admin_units',
    'farms',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await sql`drop sequence plot_public_ids`.execute(db);
}
