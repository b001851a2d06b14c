import { describe, expect, it } from 'vitest';
import { toFeatureCollection } from './export-geojson';

describe('plots and crops exported as GeoJSON', () => {
  it('writes a FeatureCollection with ids, geometry as stored and dates as ISO strings', () => {
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [21.6, 52.15],
          [21.603, 52.15],
          [21.603, 52.1515],
          [21.6, 52.15],
        ],
      ],
    };
    const fc = toFeatureCollection([
      { geometry, properties: { id: 'p1', name: 'Pole', created_at: new Date('2026-11-26T10:00:00Z') } },
    ]);
    expect(fc).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'p1',
          geometry,
          properties: { id: 'p1', name: 'Pole', created_at: '2026-11-26T10:00:00.000Z' },
        },
      ],
    });
  });
});
