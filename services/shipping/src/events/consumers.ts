import {
  OrderCancelledV1,
  OrderStatusChangedV1,
  ProfileUpdatedV1,
  TestShipmentConfirmedV1,
} from '@gleba/contracts';
import { on, type EventHandler } from '@gleba/platform';
import type { EventDefinition } from '@gleba/contracts';
import { cancelOrderShipments } from '../app/cancellation';
import type { Deps } from '../app/deps';
import type { Database } from '../db/database';
import { upsertContact, upsertShippable } from '../db/repositories/read-models.repository';

/** Thin consumers: each parses (the platform does) and calls one function. */
export function consumers(deps: () => Deps): EventHandler<Database, EventDefinition>[] {
  return [
    on<Database, typeof TestShipmentConfirmedV1>(TestShipmentConfirmedV1, async (trx, d) => {
      await upsertShippable(trx, {
        id: d.testId,
        order_id: d.orderId,
        test_id: d.testId,
        user_id: d.userId,
        kind: d.kind,
        order_number: d.orderNumber,
        barcode: d.barcode,
        confirmed_at: d.confirmedAt,
      });
    }),
    on<Database, typeof OrderStatusChangedV1>(OrderStatusChangedV1, async (trx, d) => {
      // A cancelled farm order or garden test (the id is the test's) ships nothing more.
      if (d.to === 'ORDER_CANCELLED' || d.to === 'CANCELLED')
        return cancelOrderShipments(deps(), trx, d.orderId);
      // A farm order may be shipped once its samples are collected; garden tests come by shipment-confirmed.
      if (d.kind !== 'FARM' || d.to !== 'SAMPLES_COLLECTION_COMPLETED') return;
      await upsertShippable(trx, {
        id: d.orderId,
        order_id: d.orderId,
        test_id: null,
        user_id: d.userId,
        kind: 'FARM',
        order_number: d.orderNumber,
        barcode: null,
        confirmed_at: d.changedAt,
      });
    }),
    on<Database, typeof OrderCancelledV1>(OrderCancelledV1, async (trx, d) =>
      cancelOrderShipments(deps(), trx, d.orderId),
    ),
    on<Database, typeof ProfileUpdatedV1>(ProfileUpdatedV1, async (trx, d) => upsertContact(trx, d)),
  ];
}
