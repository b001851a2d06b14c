import { sql } from 'kysely';
import {
  OrderCancelledV1,
  PuncturesRecordedV1,
  SampleRegisteredV1,
  TestShipmentConfirmedV1,
  type EventData,
} from '@gleba/contracts';
import { on, type EventHandler, type Transaction } from '@gleba/platform';
import type { Database } from '../db/database';

/** orders.sample.registered: the lab now expects this sample (its code is the row label). */
export async function expectSample(
  trx: Transaction<Database>,
  data: EventData<typeof SampleRegisteredV1>,
): Promise<void> {
  const row = {
    sample_id: data.sampleId,
    code: data.code,
    order_id: data.orderId,
    order_number: data.orderNumber,
    user_id: data.userId,
    kind: data.kind,
    basic_test_type: data.basicTestType,
    additional_test_types: JSON.stringify(data.additionalTestTypes),
    field_name: data.fieldName,
    plant_id: data.plantId,
    crop_id: data.cropId,
    sector_id: data.sectorId,
    area_ha: data.areaHa,
    area_ares: data.areaAres,
  };
  // A code still expected by another sample is freed first: the newest registration wins.
  await trx
    .updateTable('expected_samples')
    .set({ cancelled_at: new Date() })
    .where('code', '=', data.code)
    .where('sample_id', '!=', data.sampleId)
    .where('cancelled_at', 'is', null)
    .execute();
  await trx
    .insertInto('expected_samples')
    .values(row)
    .onConflict((oc) => oc.column('sample_id').doUpdateSet({ ...row, sample_id: undefined }))
    .execute();
}

/**
 * orders.test.shipment-confirmed: the customer sent the garden test's sample, and its details are
 * final (decision 0043: results are accepted from then on). Kept apart from the expected sample,
 * whose final registration comes in the same transaction and may be taken before or after it.
 */
export async function confirmShipment(
  trx: Transaction<Database>,
  data: EventData<typeof TestShipmentConfirmedV1>,
): Promise<void> {
  await trx
    .insertInto('shipment_confirmations')
    .values({ sample_id: data.testId, confirmed_at: new Date(data.confirmedAt) })
    .onConflict((oc) => oc.column('sample_id').doNothing())
    .execute();
}

/** orders.order.cancelled: its samples are no longer expected (results already stored stay readable). */
export async function stopExpecting(
  trx: Transaction<Database>,
  data: EventData<typeof OrderCancelledV1>,
): Promise<void> {
  await trx
    .updateTable('expected_samples')
    .set({ cancelled_at: new Date(data.cancelledAt) })
    .where('order_id', '=', data.orderId)
    .where('cancelled_at', 'is', null)
    .execute();
}

/** orders.sample.punctures-recorded: how many punctures the sample has; the count only grows. */
export async function recordPunctures(
  trx: Transaction<Database>,
  data: EventData<typeof PuncturesRecordedV1>,
): Promise<void> {
  const row = {
    sample_id: data.sampleId,
    punctures_taken: data.puncturesTaken,
    punctures_planned: data.puncturesPlanned,
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

export function orderHandlers(): EventHandler<Database>[] {
  return [
    on<Database, typeof SampleRegisteredV1>(SampleRegisteredV1, expectSample),
    on<Database, typeof OrderCancelledV1>(OrderCancelledV1, stopExpecting),
    on<Database, typeof TestShipmentConfirmedV1>(TestShipmentConfirmedV1, confirmShipment),
    on<Database, typeof PuncturesRecordedV1>(PuncturesRecordedV1, recordPunctures),
  ];
}
