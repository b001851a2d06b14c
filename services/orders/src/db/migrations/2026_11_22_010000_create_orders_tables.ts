import { sql, type Kysely, type Migration } from 'kysely';

export const createOrdersTables: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create sequence order_number_seq start 1`.execute(db);

    // Read models fed by identity and geo events.
    await db.schema
      .createTable('contacts')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone_number', 'text')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('pl'))
      .addColumn('company_name', 'text')
      .addColumn('tax_number', 'text')
      .addColumn('address', 'jsonb')
      .addColumn('is_data_complete', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('crops')
      .addColumn('crop_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('field_name', 'text', (c) => c.notNull())
      .addColumn('plant_id', 'text', (c) => c.notNull())
      .addColumn('area_ha', 'double precision', (c) => c.notNull())
      .addColumn('plot_numbers', 'jsonb', (c) => c.notNull())
      .addColumn('sectors', 'jsonb', (c) => c.notNull())
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('crops_user_idx').on('crops').column('user_id').execute();

    await db.schema
      .createTable('farm_orders')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('order_number', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('payment_status', 'text', (c) => c.notNull())
      .addColumn('payment_due_date', 'timestamptz')
      .addColumn('paid_at', 'timestamptz')
      .addColumn('number_of_samples', 'integer', (c) => c.notNull())
      .addColumn('total_area_ha', 'double precision', (c) => c.notNull())
      .addColumn('punctures_per_sector', 'integer', (c) => c.notNull())
      .addColumn('basic_tests', 'jsonb', (c) => c.notNull())
      .addColumn('additional_tests', 'jsonb', (c) => c.notNull())
      .addColumn('equipment', 'jsonb', (c) => c.notNull())
      .addColumn('basic_tests_price', 'integer', (c) => c.notNull())
      .addColumn('additional_tests_price', 'integer', (c) => c.notNull())
      .addColumn('equipment_price', 'integer', (c) => c.notNull())
      .addColumn('basic_tests_discount', 'integer', (c) => c.notNull())
      .addColumn('total_price', 'integer', (c) => c.notNull())
      .addColumn('quote', 'jsonb', (c) => c.notNull())
      .addColumn('delivery_address', 'jsonb', (c) => c.notNull())
      .addColumn('customer', 'jsonb', (c) => c.notNull())
      .addColumn('samples_sent_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('farm_orders_user_idx')
      .on('farm_orders')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('farm_orders_status_idx')
      .on('farm_orders')
      .columns(['status', 'created_at'])
      .execute();

    await db.schema
      .createTable('farm_order_samples')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('order_id', 'uuid', (c) => c.notNull().references('farm_orders.id').onDelete('cascade'))
      .addColumn('sample_number', 'integer', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('crop_id', 'uuid', (c) => c.notNull())
      .addColumn('sector_id', 'uuid')
      .addColumn('field_name', 'text', (c) => c.notNull())
      .addColumn('sector_name', 'text')
      .addColumn('plant_id', 'text', (c) => c.notNull())
      .addColumn('plot_numbers', 'jsonb', (c) => c.notNull())
      .addColumn('area_ha', 'double precision', (c) => c.notNull())
      .addColumn('punctures', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('farm_order_samples_order_idx')
      .on('farm_order_samples')
      .column('order_id')
      .execute();
    await db.schema
      .createIndex('farm_order_samples_sector_idx')
      .on('farm_order_samples')
      .column('sector_id')
      .execute();

    await db.schema
      .createTable('barcode_batches')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('retail', 'boolean', (c) => c.notNull())
      .addColumn('paid', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('label_count', 'integer', (c) => c.notNull())
      .addColumn('kit_order_id', 'uuid')
      .addColumn('created_by_user_id', 'uuid')
      .addColumn('printed_at', 'timestamptz')
      .addColumn('paid_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('barcode_labels')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('batch_id', 'uuid', (c) => c.notNull().references('barcode_batches.id').onDelete('cascade'))
      .addColumn('barcode', 'text', (c) => c.notNull().unique())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('printed', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('barcode_labels_batch_idx').on('barcode_labels').column('batch_id').execute();

    await db.schema
      .createTable('garden_tests')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('order_number', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('barcode_label_id', 'uuid', (c) => c.notNull().unique().references('barcode_labels.id'))
      .addColumn('barcode', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('garden_name', 'text', (c) => c.notNull())
      .addColumn('plant_id', 'text', (c) => c.notNull())
      .addColumn('garden_area_ares', 'double precision')
      .addColumn('punctures', 'integer', (c) => c.notNull())
      .addColumn('basic_test_type', 'text', (c) => c.notNull())
      .addColumn('additional_test_types', 'jsonb', (c) => c.notNull())
      .addColumn('photo', 'jsonb')
      .addColumn('customer', 'jsonb', (c) => c.notNull())
      .addColumn('samples_sent_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('garden_tests_user_idx')
      .on('garden_tests')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('kit_orders')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('order_number', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('payment_status', 'text', (c) => c.notNull())
      .addColumn('delivery_address', 'jsonb', (c) => c.notNull())
      .addColumn('paid_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('status_history')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('subject_kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'uuid', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('updated_by_user_id', 'uuid')
      .addColumn('change_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('status_history_subject_idx')
      .on('status_history')
      .columns(['subject_id', 'id'])
      .execute();

    await db.schema
      .createTable('payments')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('subject_kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'uuid', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull().unique())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('token', 'text')
      .addColumn('provider_order_id', 'bigint')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('verified_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('payments_subject_idx').on('payments').column('subject_id').execute();

    await db.schema
      .createTable('failed_orders')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('subject_kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'uuid', (c) => c.notNull())
      .addColumn('error_type', 'text', (c) => c.notNull())
      .addColumn('error_message', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('failed_orders_subject_type_uq', ['subject_id', 'error_type'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'failed_orders',
      'payments',
      'status_history',
      'kit_orders',
      'garden_tests',
      'barcode_labels',
      'barcode_batches',
      'farm_order_samples',
      'farm_orders',
      'crops',
      'contacts',
    ]) {
      await db.schema.dropTable(t).execute();
    }
    await sql`drop sequence order_number_seq`.execute(db);
  },
};
