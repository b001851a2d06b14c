import { sql, type Kysely, type Migration } from 'kysely';

/** Complaints about a garden test's results, their answers and promised re-tests. */
export const createComplaints: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('complaints')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('test_id', 'uuid', (c) => c.notNull().references('garden_tests.id'))
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('photo', 'jsonb')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
      .addColumn('answer', 'text')
      .addColumn('retest', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('answered_by_user_id', 'uuid')
      .addColumn('answered_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('complaints_test_id_idx').on('complaints').column('test_id').execute();
    await db.schema
      .createIndex('complaints_status_idx')
      .on('complaints')
      .columns(['status', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('complaints').execute();
  },
};
