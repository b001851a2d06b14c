import { z } from 'zod';
import { PlantGroup, PlantType } from '../../enums';
import { defineEvent } from '../define-event';

/** GeoJSON Polygon or MultiPolygon in WGS84. */
export const ZPolygonal = z.object({
  type: z.enum(['Polygon', 'MultiPolygon']),
  coordinates: z.array(z.any()),
});

export const ZSectorSnapshot = z.object({
  sectorId: z.uuid(),
  name: z.string(),
  areaHa: z.number().nonnegative(),
  geometry: ZPolygonal,
});

/** Full state of a crop and its sectors: orders snapshots what it tests from this. */
export const ZCropSnapshot = z.object({
  cropId: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  plantId: z.string(),
  plantGroup: PlantGroup,
  plantType: PlantType,
  areaHa: z.number().nonnegative(),
  plotNumbers: z.array(z.string()),
  fieldName: z.string(),
  /** The crop's outline: what an undivided crop is sampled in (optional: older events lack it). */
  geometry: ZPolygonal.optional(),
  sectors: z.array(ZSectorSnapshot),
});
export type TCropSnapshot = z.infer<typeof ZCropSnapshot>;

export const CropCreatedV1 = defineEvent('geo.crop.created', 1, ZCropSnapshot);
export const CropChangedV1 = defineEvent('geo.crop.changed', 1, ZCropSnapshot);
export const CropDeletedV1 = defineEvent(
  'geo.crop.deleted',
  1,
  z.object({ cropId: z.uuid(), userId: z.uuid() }),
);
/** Sectors were (re)divided or updated; carries the crop's whole sector list. */
export const SectorsChangedV1 = defineEvent('geo.sector.changed', 1, ZCropSnapshot);
