import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Complaints about a farm order's samples too (decision 0052): a complaint names its kind and
 * the garden test or farm sample it is about (no longer only a garden test), and each farm sample
 * keeps when its latest results were imported (the start of its 14 days).
 */
export const alterComplaintsFarmSamples: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table complaints drop constraint if exists complaints_test_id_fkey`.execute(db);
    await db.schema
      .alterTable('complaints')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('GARDEN'))
      .execute();
    await db.schema.alterTable('farm_order_samples').addColumn('results_at', 'timestamptz').execute();
    // Orders completed before this column existed: their samples' results came with completion.
    await sql`update farm_order_samples s set results_at = h.at
      from (select subject_id, max(change_date) as at from status_history
            where status = 'ORDER_COMPLETED' group by subject_id) h
      where h.subject_id = s.order_id`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('farm_order_samples').dropColumn('results_at').execute();
    await sql`delete from complaints where kind <> 'GARDEN'`.execute(db);
    await db.schema.alterTable('complaints').dropColumn('kind').execute();
    await sql`alter table complaints add constraint complaints_test_id_fkey
      foreign key (test_id) references garden_tests (id)`.execute(db);
  },
};
