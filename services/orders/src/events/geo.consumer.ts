import { CropChangedV1, CropCreatedV1, CropDeletedV1, SectorsChangedV1 } from '@gleba/contracts';
import { on } from '@gleba/platform';
import type { Database } from '../db/database';
import { markCropDeleted, upsertCrop } from '../db/repositories/read-models.repository';

/** The crops read model the order wizard snapshots its samples from. */
export function geoHandlers() {
  return [
    on<Database, typeof CropCreatedV1>(CropCreatedV1, (trx, d) => upsertCrop(trx, d)),
    on<Database, typeof CropChangedV1>(CropChangedV1, (trx, d) => upsertCrop(trx, d)),
    on<Database, typeof SectorsChangedV1>(SectorsChangedV1, (trx, d) => upsertCrop(trx, d)),
    on<Database, typeof CropDeletedV1>(CropDeletedV1, (trx, d) => markCropDeleted(trx, d.cropId)),
  ];
}
