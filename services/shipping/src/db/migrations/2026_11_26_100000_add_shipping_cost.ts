import { sql, type Kysely } from 'kysely';

/** DPD's price of the parcel in grosze (null for parcels created before it was recorded). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shipments add column shipping_cost integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shipments drop column shipping_cost`.execute(db);
}
