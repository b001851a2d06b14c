import type { Transaction } from 'kysely';
import { on, type EventHandler } from '@gleba/platform';
import { OrderCancelledV1, OrderPlacedV1, type EventDefinition } from '@gleba/contracts';
import type { Database } from '../db/database';
import { addTestLocks, removeTestLocks } from '../db/repositories/crops.repository';

/** A placed order locks the crops and sectors it tests; a cancelled one releases them. */
export function orderHandlers(): EventHandler<Database, EventDefinition>[] {
  return [
    on(OrderPlacedV1, async (trx: Transaction<Database>, data) =>
      addTestLocks(trx, data.orderId, data.cropIds, data.sectorIds),
    ),
    on(OrderCancelledV1, async (trx: Transaction<Database>, data) => removeTestLocks(trx, data.orderId)),
  ];
}
