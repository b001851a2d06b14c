import type { Language, TFarm, TFarmBody } from '@gleba/contracts';
import { findFarm, toFarm, upsertFarm } from '../db/repositories/farms.repository';
import { farmFeatureCollection } from '../adapters/plot-files';
import { getCrops } from './crops';
import type { Deps } from './deps';
import { getPlots } from './plots';

/** The user's farm, or null while the onboarding wizard has not set it up (decision 0041). */
export async function myFarm(deps: Deps, userId: string): Promise<TFarm | null> {
  const row = await findFarm(deps.db, userId);
  return row ? toFarm(row) : null;
}

/** The onboarding wizard creates the farm; later edits use the same call. */
export async function saveFarm(deps: Deps, userId: string, body: TFarmBody): Promise<TFarm> {
  return toFarm(await upsertFarm(deps.db, userId, body));
}

/** The whole farm, plots and crops, as one GeoJSON FeatureCollection. */
export async function exportFarm(deps: Deps, userId: string, language: Language): Promise<string> {
  const [plots, crops] = await Promise.all([getPlots(deps, userId), getCrops(deps, userId, language)]);
  return JSON.stringify(farmFeatureCollection(plots, crops));
}
