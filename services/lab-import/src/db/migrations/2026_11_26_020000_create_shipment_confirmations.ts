import { sql, type Kysely } from 'kysely';

/**
 * A garden test's shipment confirmation is kept on its own (decision 0043): orders publishes it in
 * the same transaction as the test's final registration, and the consumer may take either first,
 * so the confirmation must not depend on the expected sample's row being there already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shipment_confirmations')
    .addColumn('sample_id', 'uuid', (c) => c.primaryKey())
    .addColumn('confirmed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`insert into shipment_confirmations (sample_id, confirmed_at)
    select sample_id, shipment_confirmed_at from expected_samples where shipment_confirmed_at is not null`.execute(
    db,
  );
  await db.schema.alterTable('expected_samples').dropColumn('shipment_confirmed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('expected_samples').addColumn('shipment_confirmed_at', 'timestamptz').execute();
  await sql`update expected_samples s set shipment_confirmed_at = c.confirmed_at
    from shipment_confirmations c where c.sample_id = s.sample_id`.execute(db);
  await db.schema.dropTable('shipment_confirmations').execute();
}
