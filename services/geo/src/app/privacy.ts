import { erasePlatformTraces, type PrivacyUseCases } from '@gleba/platform';
import type { TExportFile } from '@gleba/contracts';
import type { Database } from '../db/database';
import { eraseGeoData, geoDataOf } from '../db/repositories/privacy.repository';
import { toFeatureCollection } from '../domain/export-geojson';

/** Geo's part of a person's data: the farm as JSON, plots and crops as GeoJSON; erasure deletes them. */
export const geoPrivacy: PrivacyUseCases<Database> = {
  async exportPart(trx, userId): Promise<TExportFile[]> {
    const d = await geoDataOf(trx, userId);
    const plotsOfCrop = (cropId: string) =>
      d.cropPlots.filter((cp) => cp.crop_id === cropId).map((cp) => cp.plot_id);
    return [
      { name: 'geo.json', content: { farm: d.farm ?? null, plots: d.plots.length, crops: d.crops.length } },
      {
        name: 'geo-plots.geojson',
        content: toFeatureCollection(
          d.plots.map(({ geometry, ...p }) => ({ geometry, properties: { ...p, kind: 'PLOT' } })),
        ),
      },
      {
        name: 'geo-crops.geojson',
        content: toFeatureCollection([
          ...d.crops.map(({ geometry, ...c }) => ({
            geometry,
            properties: { ...c, kind: 'CROP', plotIds: plotsOfCrop(c.id) },
          })),
          ...d.sectors.map(({ geometry, ...s }) => ({ geometry, properties: { ...s, kind: 'SECTOR' } })),
        ]),
      },
    ];
  },
  async erase(trx, userId) {
    return { ...(await eraseGeoData(trx, userId)), ...(await erasePlatformTraces(trx, [userId])) };
  },
};
