import bearing from '@turf/bearing';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import type { MultiPolygon, Polygon } from 'geojson';

/** [lng, lat] */
type LngLat = [number, number];

/** A puncture taken further than this from its planned point gets a warning (m). */
export const FAR_FROM_POINT_M = 25;

/** The eight compass directions a bearing is named by (message keys of the sampling screen). */
export const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Compass = (typeof COMPASS)[number];

export interface Heading {
  /** Straight-line distance (m), whole metres. */
  distanceM: number;
  /** Bearing from north, clockwise, 0-359 degrees. */
  bearingDeg: number;
  compass: Compass;
}

/** Distance and direction from where the user stands to a point. */
export function headingTo(from: LngLat, to: LngLat): Heading {
  const distanceM = Math.round(distance(from, to, { units: 'meters' }));
  const bearingDeg = Math.round((bearing(from, to) + 360) % 360) % 360;
  return { distanceM, bearingDeg, compass: COMPASS[Math.round(bearingDeg / 45) % 8]! };
}

export interface PunctureCheck {
  distanceM: number;
  insideSector: boolean;
  /** Further than FAR_FROM_POINT_M from the planned point. */
  far: boolean;
}

/** What a tap on "taken" at `at` says about the puncture: how far from its point, inside the sector. */
export function checkPuncture(
  at: LngLat,
  planned: LngLat,
  sector: Polygon | MultiPolygon | null,
): PunctureCheck {
  const distanceM = Math.round(distance(at, planned, { units: 'meters' }));
  return {
    distanceM,
    insideSector: sector ? booleanPointInPolygon(at, sector) : true,
    far: distanceM > FAR_FROM_POINT_M,
  };
}

/** The first planned point not yet taken (by index), or null when every one is. */
export function nextPoint(count: number, taken: Iterable<number>): number | null {
  const done = new Set(taken);
  for (let i = 0; i < count; i += 1) if (!done.has(i)) return i;
  return null;
}
