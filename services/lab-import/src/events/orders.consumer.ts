import {
  OrderCancelledV1,
  PuncturesRecordedV1,
  SampleRegisteredV1,
  TestShipmentConfirmedV1,
} from '@gleba/contracts';
import { on, type EventHandler } from '@gleba/platform';
import type { Database } from '../db/database';
import { confirmShipment, expectSample, recordPunctures, stopExpecting } from '../app/expected-samples';

/** Orders' events that feed the expected samples (the read model imports match labels against). */
export function orderHandlers(): EventHandler<Database>[] {
  return [
    on<Database, typeof SampleRegisteredV1>(SampleRegisteredV1, expectSample),
    on<Database, typeof OrderCancelledV1>(OrderCancelledV1, stopExpecting),
    on<Database, typeof TestShipmentConfirmedV1>(TestShipmentConfirmedV1, confirmShipment),
    on<Database, typeof PuncturesRecordedV1>(PuncturesRecordedV1, recordPunctures),
  ];
}
