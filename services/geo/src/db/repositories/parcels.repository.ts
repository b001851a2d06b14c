import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, ParcelsTable } from '../database';

/** Keeps a parcel the cadastre answered (refreshing its fetch time when it was cached before). */
export async function storeParcel(db: Kysely<Database>, row: Insertable<ParcelsTable>): Promise<void> {
  await db
    .insertInto('parcels')
    .values(row)
    .onConflict((oc) => oc.column('teryt_id').doUpdateSet({ ...row, fetched_at: sql`now()` }))
    .execute();
}

/** A cached parcel fetched after `freshAfter`. */
export function freshParcel(db: Kysely<Database>, terytId: string, freshAfter: Date) {
  return db
    .selectFrom('parcels')
    .selectAll()
    .where('teryt_id', '=', terytId)
    .where('fetched_at', '>', freshAfter)
    .executeTakeFirst();
}
