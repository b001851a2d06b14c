import { ERASED_USER_ID } from '@gleba/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../database';

/** A person's samples with their results (and the recommendations the results share). */
export async function labDataOf(trx: Transaction<Database>, userId: string) {
  const samples = await trx
    .selectFrom('expected_samples')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const sampleIds = samples.map((s) => s.sample_id);
  const results = sampleIds.length
    ? await trx
        .selectFrom('results')
        .select([
          'id',
          'sample_id',
          'test_type',
          'agronomic_category',
          'elements',
          'classes',
          'recommendation',
          'recommendation_id',
          'recommendation_measured',
          'version',
          'created_at',
          'updated_at',
        ])
        .where('sample_id', 'in', sampleIds)
        .execute()
    : [];
  const recommendationIds = [
    ...new Set(results.map((r) => r.recommendation_id).filter((id): id is string => !!id)),
  ];
  const recommendations = recommendationIds.length
    ? await trx
        .selectFrom('recommendations')
        .select(['id', 'body'])
        .where('id', 'in', recommendationIds)
        .execute()
    : [];
  return { samples, results, recommendations };
}

/**
 * Detaches the person's samples (and so their results, which the lab keeps) from them: the owner
 * becomes the erased id, the field's name and the crop and sector links are dropped.
 */
export async function detachSamples(trx: Transaction<Database>, userId: string): Promise<number> {
  const r = await trx
    .updateTable('expected_samples')
    .set({ user_id: ERASED_USER_ID, field_name: '', crop_id: null, sector_id: null })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
