import { sql, type Kysely } from 'kysely';
import type { TFarm, TFarmBody } from '@gleba/contracts';
import type { Database, FarmsTable } from '../database';
import type { Selectable } from 'kysely';

export function toFarm(row: Selectable<FarmsTable>): TFarm {
  return {
    userId: row.user_id,
    farmingActivity: row.farming_activity,
    totalAreaM2: Number(row.total_area_m2),
    address: row.address,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function findFarm(db: Kysely<Database>, userId: string) {
  return db.selectFrom('farms').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertFarm(db: Kysely<Database>, userId: string, body: TFarmBody) {
  const values = {
    user_id: userId,
    farming_activity: body.farmingActivity,
    total_area_m2: body.totalAreaM2,
    address: JSON.stringify(body.address),
  };
  return db
    .insertInto('farms')
    .values(values)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        farming_activity: values.farming_activity,
        total_area_m2: values.total_area_m2,
        address: values.address,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
