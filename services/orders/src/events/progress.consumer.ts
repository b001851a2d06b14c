import {
  CourierOrderedV1,
  DropOffCodeGeneratedV1,
  ParcelStatusChangedV1,
  ResultsImportedV1,
} from '@gleba/contracts';
import { on } from '@gleba/platform';
import type { Deps } from '../app/deps';
import { transitionFarmOrderIfAllowed } from '../app/farm-orders';
import { transitionGardenTestIfAllowed } from '../app/garden-tests';
import type { Database } from '../db/database';
import { markRetested, recordFarmResults } from '../db/repositories/complaints.repository';
import { gardenTestIdByBarcodes, gardenTestIdById } from '../db/repositories/garden-tests.repository';
import { recordSamplesShipped } from '../db/repositories/send-reminders.repository';

/**
 * Parcel tracking and lab imports move orders along their machines. An event that does not fit
 * the current status (late, repeated, out of order) changes nothing rather than failing forever.
 */
export function progressHandlers(deps: Deps) {
  return [
    // Any shipment of the samples (a courier, a drop-off code, a parcel) ends the 4-day reminder.
    on<Database, typeof CourierOrderedV1>(CourierOrderedV1, (trx, d, env) =>
      recordSamplesShipped(trx, d, new Date(env.occurredAt)),
    ),
    on<Database, typeof DropOffCodeGeneratedV1>(DropOffCodeGeneratedV1, (trx, d, env) =>
      recordSamplesShipped(trx, d, new Date(env.occurredAt)),
    ),
    on<Database, typeof ParcelStatusChangedV1>(ParcelStatusChangedV1, async (trx, d) => {
      await recordSamplesShipped(trx, d, new Date(d.at));
      if (d.testId) return; // garden tests: the customer's shipment confirmation already moved them
      if (d.to === 'PICKED_UP' || d.to === 'IN_TRANSIT') {
        await transitionFarmOrderIfAllowed(trx, deps, d.orderId, 'SAMPLES_SENT', 'SHIPPING');
      } else if (d.to === 'DELIVERED') {
        await transitionFarmOrderIfAllowed(trx, deps, d.orderId, 'SAMPLES_SENT', 'SHIPPING');
        await transitionFarmOrderIfAllowed(trx, deps, d.orderId, 'SAMPLES_IN_ANALYSIS', 'SHIPPING');
      }
    }),
    on<Database, typeof ResultsImportedV1>(ResultsImportedV1, async (trx, d) => {
      if (d.kind === 'FARM') {
        // The imported samples' 14 days for complaints start again; their promised re-tests are done.
        const samples = await recordFarmResults(trx, d.orderId, d.sampleCodes, new Date(d.importedAt));
        await markRetested(trx, samples);
        // A completed order's new results (a re-test, a correction) are an update (decision 0052);
        // the lab import's own notice tells the customer.
        if (await transitionFarmOrderIfAllowed(trx, deps, d.orderId, 'RESULTS_UPDATED', 'LAB')) return;
        if (d.completeness === 'UPDATED') return; // replaced results of an order still in analysis
        await transitionFarmOrderIfAllowed(trx, deps, d.orderId, 'SAMPLES_IN_ANALYSIS', 'LAB');
        if (d.completeness === 'COMPLETE')
          await transitionFarmOrderIfAllowed(trx, deps, d.orderId, 'ORDER_COMPLETED', 'LAB');
        return;
      }
      let test = await gardenTestIdById(trx, d.orderId);
      if (!test && d.sampleCodes.length) test = await gardenTestIdByBarcodes(trx, d.sampleCodes);
      if (!test) return;
      await transitionGardenTestIfAllowed(trx, deps, test.id, 'WAITING_FOR_RESULTS', 'LAB');
      // A promised re-test: its new results are an update, whatever the import calls them.
      const retested = (await markRetested(trx, [test.id])) > 0;
      const to = retested
        ? 'RESULTS_UPDATED'
        : d.completeness === 'PARTIAL'
          ? 'PARTIAL_RESULTS'
          : d.completeness === 'COMPLETE'
            ? 'COMPLETE_RESULTS'
            : 'RESULTS_UPDATED';
      await transitionGardenTestIfAllowed(trx, deps, test.id, to, 'LAB');
    }),
  ];
}
