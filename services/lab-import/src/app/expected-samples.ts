import type {
  EventData,
  OrderCancelledV1,
  PuncturesRecordedV1,
  SampleRegisteredV1,
  TestShipmentConfirmedV1,
} from '@gleba/contracts';
import type { Transaction } from '@gleba/platform';
import type { Database } from '../db/database';
import {
  cancelOrderSamples,
  insertShipmentConfirmation,
  storePunctures,
  upsertExpectedSample,
} from '../db/repositories/expected-samples.repository';

/** orders.sample.registered: the lab now expects this sample (its code is the row label); the newest registration of a code wins. */
export async function expectSample(
  trx: Transaction<Database>,
  data: EventData<typeof SampleRegisteredV1>,
): Promise<void> {
  await upsertExpectedSample(trx, {
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
  });
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
  await insertShipmentConfirmation(trx, data.testId, new Date(data.confirmedAt));
}

/** orders.order.cancelled: its samples are no longer expected (results already stored stay readable). */
export async function stopExpecting(
  trx: Transaction<Database>,
  data: EventData<typeof OrderCancelledV1>,
): Promise<void> {
  await cancelOrderSamples(trx, data.orderId, new Date(data.cancelledAt));
}

/** orders.sample.punctures-recorded: how many punctures the sample has; the count only grows. */
export async function recordPunctures(
  trx: Transaction<Database>,
  data: EventData<typeof PuncturesRecordedV1>,
): Promise<void> {
  await storePunctures(trx, data.sampleId, data.puncturesTaken, data.puncturesPlanned);
}
