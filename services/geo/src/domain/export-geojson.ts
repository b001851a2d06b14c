import type { Area } from './geometry';

export interface GeoJsonFeatureCollection {
  type: 'FeatureCollection';
  features: { type: 'Feature'; id?: string; geometry: Area; properties: Record<string, unknown> }[];
}

/** Rows with a WGS84 geometry as a GeoJSON FeatureCollection (dates as ISO strings). */
export function toFeatureCollection(
  items: readonly { geometry: Area; properties: Record<string, unknown> }[],
): GeoJsonFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: items.map(({ geometry, properties }) => ({
      type: 'Feature',
      ...(typeof properties.id === 'string' ? { id: properties.id } : {}),
      geometry,
      properties: Object.fromEntries(
        Object.entries(properties).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
      ),
    })),
  };
}
