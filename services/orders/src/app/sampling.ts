import type { Kysely, Transaction } from 'kysely';
import {
  FARM_SAMPLING_OPEN,
  OrdersErrorCode,
  PuncturesRecordedV1,
  SAMPLING_LIMITS,
  type FarmOrderStatus,
  type TSamplingPlan,
  type TSamplingSample,
  type TTakenPuncture,
} from '@gleba/contracts';
import { samplingPattern, type Polygonal } from '@gleba/agronomy/sampling';
import { AppError, conflict } from '@gleba/platform';
import type { Database } from '../db/database';
import {
  lockOwnedFarmOrderStatus,
  sampleOfOrder,
  setTakenPunctures,
} from '../db/repositories/farm-orders.repository';
import { mergePunctures } from '../domain/punctures';
import type { Deps } from './deps';
import { getFarmOrderRow, samplesOf } from './farm-orders';

type Db = Kysely<Database> | Transaction<Database>;

const EMPTY_PATTERN: TSamplingSample['pattern'] = { points: [], headlandM: 0, layout: 'W' };

/** A pattern for at most the most points a pattern is laid out for; an outline turf cannot read gives none. */
function patternOf(geometry: Polygonal | null, punctures: number): TSamplingSample['pattern'] {
  if (!geometry || punctures < 1) return EMPTY_PATTERN;
  try {
    return samplingPattern(geometry, Math.min(punctures, 50));
  } catch {
    return EMPTY_PATTERN;
  }
}

/**
 * The sampling screen's plan of a farm order: per sample its outline, where to take the
 * punctures and the ones taken. `ownerId` limits it to the owner's order (the admin passes none).
 */
export async function samplingPlan(db: Db, orderId: string, ownerId?: string): Promise<TSamplingPlan> {
  const order = await getFarmOrderRow(db, orderId, ownerId);
  const samples = await samplesOf(db, orderId);
  const status = order.status as FarmOrderStatus;
  return {
    orderId: order.id,
    orderNumber: order.order_number,
    status,
    open: FARM_SAMPLING_OPEN.includes(status),
    samples: samples.map((s) => ({
      sampleId: s.id,
      sampleNumber: s.sample_number,
      code: s.code,
      fieldName: s.field_name,
      sectorName: s.sector_name,
      areaHa: s.area_ha,
      punctures: s.punctures,
      geometry: s.geometry,
      pattern: patternOf(s.geometry as Polygonal | null, s.punctures),
      taken: s.taken_punctures as TTakenPuncture[],
    })),
  };
}

/**
 * Records punctures of one sample of the owner's order (decision 0058). Refused once the samples
 * are sent, and past `SAMPLING_LIMITS.takenPerSample` for the sample. Publishes the new count for
 * the lab's report in the same transaction.
 */
export async function recordPunctures(
  deps: Deps,
  ownerId: string,
  orderId: string,
  sampleId: string,
  punctures: TTakenPuncture[],
): Promise<TSamplingSample> {
  return deps.ctx.db.transaction().execute(async (trx) => {
    const order = await lockOwnedFarmOrderStatus(trx, orderId, ownerId);
    if (!order) throw new AppError(OrdersErrorCode.orderNotFound, 404, 'Order not found');
    const sample = await sampleOfOrder(trx, orderId, sampleId);
    if (!sample) throw new AppError(OrdersErrorCode.sampleNotFound, 404, 'Sample not found in this order');
    if (!FARM_SAMPLING_OPEN.includes(order.status as FarmOrderStatus))
      throw conflict(
        OrdersErrorCode.samplingClosed,
        `Punctures cannot be recorded in status ${order.status}`,
      );
    const stored = sample.taken_punctures as TTakenPuncture[];
    const merged = mergePunctures(stored, punctures);
    if (!merged)
      throw new AppError(
        OrdersErrorCode.puncturesTakenTooMany,
        409,
        `A sample keeps at most ${SAMPLING_LIMITS.takenPerSample} punctures`,
        undefined,
        { max: SAMPLING_LIMITS.takenPerSample },
      );
    if (merged.length !== stored.length) {
      await setTakenPunctures(trx, sampleId, merged);
      await deps.ctx.outbox.publish(trx, PuncturesRecordedV1, {
        sampleId,
        orderId,
        code: sample.code,
        puncturesTaken: merged.length,
        puncturesPlanned: sample.punctures,
      });
    }
    return {
      sampleId: sample.id,
      sampleNumber: sample.sample_number,
      code: sample.code,
      fieldName: sample.field_name,
      sectorName: sample.sector_name,
      areaHa: sample.area_ha,
      punctures: sample.punctures,
      geometry: sample.geometry,
      pattern: patternOf(sample.geometry as Polygonal | null, sample.punctures),
      taken: merged,
    };
  });
}
