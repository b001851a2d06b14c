import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database, ExpectedSamplesTable } from '../database';

/** An expected sample as orders registered it (insert or update by `sample_id`). */
export type ExpectedSampleRow = Insertable<ExpectedSamplesTable>;

/** Expects `row`'s sample; a code still expected by another sample is freed first (the newest registration wins). */
export async function upsertExpectedSample(
  trx: Transaction<Database>,
  row: ExpectedSampleRow,
): Promise<void> {
  await trx
    .updateTable('expected_samples')
    .set({ cancelled_at: new Date() })
    .where('code', '=', row.code)
    .where('sample_id', '!=', row.sample_id)
    .where('cancelled_at', 'is', null)
    .execute();
  await trx
    .insertInto('expected_samples')
    .values(row)
    .onConflict((oc) => oc.column('sample_id').doUpdateSet({ ...row, sample_id: undefined }))
    .execute();
}

export async function insertShipmentConfirmation(
  trx: Transaction<Database>,
  sampleId: string,
  confirmedAt: Date,
): Promise<void> {
  await trx
    .insertInto('shipment_confirmations')
    .values({ sample_id: sampleId, confirmed_at: confirmedAt })
    .onConflict((oc) => oc.column('sample_id').doNothing())
    .execute();
}

export async function cancelOrderSamples(
  trx: Transaction<Database>,
  orderId: string,
  cancelledAt: Date,
): Promise<void> {
  await trx
    .updateTable('expected_samples')
    .set({ cancelled_at: cancelledAt })
    .where('order_id', '=', orderId)
    .where('cancelled_at', 'is', null)
    .execute();
}

/**
 * The live samples expected under `labels` (one array parameter), with what matching, advice and
 * events need. `lock`: read `FOR SHARE` in sample order, so the samples stay as read until commit.
 */
export async function samplesByLabels(trx: Transaction<Database>, labels: readonly string[], lock: boolean) {
  const query = trx
    .selectFrom('expected_samples')
    .select([
      'sample_id',
      'code',
      'order_id',
      'kind',
      'basic_test_type',
      'additional_test_types',
      'plant_id',
      'area_ha',
      'area_ares',
      'order_number',
      'user_id',
      sql<boolean>`exists (select 1 from shipment_confirmations c where c.sample_id = expected_samples.sample_id)`.as(
        'shipment_confirmed',
      ),
    ])
    .where(sql<boolean>`code = any(${labels}::text[])`)
    .where('cancelled_at', 'is', null);
  return (lock ? query.orderBy('sample_id').forShare() : query).execute();
}

/** Every sample of the orders (cancelled ones too), locked `FOR UPDATE` in sample order: two imports touching one order take turns. */
export async function lockOrderSamples(trx: Transaction<Database>, orderIds: readonly string[]) {
  return trx
    .selectFrom('expected_samples')
    .selectAll()
    .where(sql<boolean>`order_id = any(${orderIds}::uuid[])`)
    .orderBy('sample_id')
    .forUpdate()
    .execute();
}

/** Keeps a sample's punctures count; a count lower than the one stored never replaces it. */
export async function storePunctures(
  trx: Transaction<Database>,
  sampleId: string,
  taken: number,
  planned: number,
): Promise<void> {
  const row = {
    sample_id: sampleId,
    punctures_taken: taken,
    punctures_planned: planned,
    recorded_at: new Date(),
  };
  await trx
    .insertInto('sample_punctures')
    .values(row)
    .onConflict((oc) =>
      oc.column('sample_id').doUpdateSet({
        punctures_taken: sql<number>`greatest(sample_punctures.punctures_taken, excluded.punctures_taken)`,
        punctures_planned: row.punctures_planned,
        recorded_at: row.recorded_at,
      }),
    )
    .execute();
}
