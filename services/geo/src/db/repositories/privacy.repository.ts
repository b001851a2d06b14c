import type { Transaction } from 'kysely';
import type { Database } from '../database';

/** Everything geo holds of a person: farm, plots, crops with their plots and sectors. */
export async function geoDataOf(trx: Transaction<Database>, userId: string) {
  const farm = await trx.selectFrom('farms').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const plots = await trx
    .selectFrom('plots')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const crops = await trx
    .selectFrom('crops')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const cropIds = crops.map((c) => c.id);
  const cropPlots = cropIds.length
    ? await trx.selectFrom('crop_plots').selectAll().where('crop_id', 'in', cropIds).execute()
    : [];
  const sectors = cropIds.length
    ? await trx.selectFrom('sectors').selectAll().where('crop_id', 'in', cropIds).orderBy('ordinal').execute()
    : [];
  return { farm, plots, crops, cropPlots, sectors };
}

/**
 * Deletes the person's farm, plots and crops (sectors and crop links go with their crop), their
 * shape histories and test locks. A second run finds nothing and deletes nothing.
 */
export async function eraseGeoData(
  trx: Transaction<Database>,
  userId: string,
): Promise<Record<string, number>> {
  const plotIds = (await trx.selectFrom('plots').select('id').where('user_id', '=', userId).execute()).map(
    (r) => r.id,
  );
  const cropIds = (await trx.selectFrom('crops').select('id').where('user_id', '=', userId).execute()).map(
    (r) => r.id,
  );
  const sectorIds = cropIds.length
    ? (await trx.selectFrom('sectors').select('id').where('crop_id', 'in', cropIds).execute()).map(
        (r) => r.id,
      )
    : [];
  const entities = [...plotIds, ...cropIds, ...sectorIds];
  const shapes = entities.length
    ? Number(
        (await trx.deleteFrom('shape_versions').where('entity_id', 'in', entities).executeTakeFirst())
          .numDeletedRows,
      )
    : 0;
  const locks = cropIds.length
    ? Number(
        (await trx.deleteFrom('test_locks').where('crop_id', 'in', cropIds).executeTakeFirst())
          .numDeletedRows,
      )
    : 0;
  const crops = Number(
    (await trx.deleteFrom('crops').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows,
  );
  const plots = Number(
    (await trx.deleteFrom('plots').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows,
  );
  const farms = Number(
    (await trx.deleteFrom('farms').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows,
  );
  return { farms, plots, crops, sectors: sectorIds.length, shapeVersions: shapes, testLocks: locks };
}
