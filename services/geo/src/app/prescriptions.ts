import type { Language, PrescriptionFormat, TPrescriptionExportBody } from '@gleba/contracts';
import { t } from '@gleba/i18n';
import { isoxmlTaskData, prescriptionGeoJson, shapefileZip } from '../adapters/prescription-files';
import { cropPlotIds, findCrop, sectorsOf } from '../db/repositories/crops.repository';
import { plotsByIds } from '../db/repositories/plots.repository';
import { geoError } from '../domain/errors';
import type { Area } from '../domain/geometry';
import { planPrescription, prescriptionFileName, productNameKey } from '../domain/prescription';
import type { Deps } from './deps';

export interface PrescriptionFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

const CONTENT_TYPE: Record<PrescriptionFormat, string> = {
  isoxml: 'application/zip',
  shp: 'application/zip',
  geojson: 'application/geo+json',
};

/**
 * A variable-rate file of the user's crop (decision 0060): the farmer's rate per sector (computed
 * by the client from the results with `@gleba/agronomy`'s `prescribe`), geo's own shapes and areas.
 * Another user's crop is `cropNotFound` (404) like a crop that does not exist.
 */
export async function exportPrescription(
  deps: Deps,
  userId: string,
  cropId: string,
  format: PrescriptionFormat,
  body: TPrescriptionExportBody,
  language: Language,
): Promise<PrescriptionFile> {
  const row = await findCrop(deps.db, userId, cropId);
  if (!row) throw geoError('cropNotFound', 'Crop not found');
  const [sectorMap, plotIds] = await Promise.all([
    sectorsOf(deps.db, [row.id]),
    cropPlotIds(deps.db, [row.id]),
  ]);
  const sectors = sectorMap.get(row.id) ?? [];
  // The field as the farmer names it (its plots, like the orders' field name); else the crop's name.
  const plots = await plotsByIds(deps.db, userId, plotIds.get(row.id) ?? []);
  const fieldName = plots.map((p) => p.name).join(', ') || row.name;
  const plan = planPrescription(
    {
      id: row.id,
      name: fieldName,
      geometry: row.geometry as Area,
      areaHa: Number(row.area_ha),
      sectors: sectors.map((s) => ({
        id: s.id,
        name: s.name,
        geometry: s.geometry as Area,
        areaHa: Number(s.area_ha),
      })),
    },
    body,
    (product) => t(language, productNameKey(product)),
  );
  const bytes =
    format === 'isoxml'
      ? await isoxmlTaskData(plan)
      : format === 'shp'
        ? await shapefileZip(plan)
        : new TextEncoder().encode(JSON.stringify(prescriptionGeoJson(plan)));
  return { fileName: prescriptionFileName(plan, format), contentType: CONTENT_TYPE[format], bytes };
}
