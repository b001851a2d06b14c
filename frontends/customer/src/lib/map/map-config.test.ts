import { describe, expect, it } from 'vitest';
import { BASE_LAYER, CADASTRE_LAYER, MAP_DEFAULTS, buildStyle, readMapConfig } from './map-config';

describe('map configuration', () => {
  it('uses the Geoportal/OSM defaults when no VITE_MAP_* is set', () => {
    const config = readMapConfig({});
    expect(config.style).toBe('geoportal');
    const style = buildStyle(config);
    expect(Object.keys(style.sources)).toEqual(['streets', 'orthophoto', 'cadastre']);
    expect(style.sources.streets).toMatchObject({ type: 'raster', tiles: [MAP_DEFAULTS.osmTiles] });
    expect(style.sources.cadastre).toMatchObject({ tiles: [expect.stringContaining('{bbox-epsg-3857}')] });
    const visibility = Object.fromEntries(
      style.layers.map((l) => [l.id, l.layout && 'visibility' in l.layout ? l.layout.visibility : 'visible']),
    );
    expect(visibility).toEqual({
      background: 'visible',
      [BASE_LAYER.streets]: 'visible',
      [BASE_LAYER.orthophoto]: 'none',
      [CADASTRE_LAYER]: 'none',
    });
  });

  it('takes the tile URLs from the environment', () => {
    const config = readMapConfig({
      VITE_MAP_OSM_TILES: 'https://tiles.example/{z}/{x}/{y}.png',
      VITE_MAP_CADASTRE_WMS: 'https://wms.example/?bbox={bbox-epsg-3857}',
    });
    expect(buildStyle(config).sources.streets).toMatchObject({
      tiles: ['https://tiles.example/{z}/{x}/{y}.png'],
    });
    expect(buildStyle(config).sources.cadastre).toMatchObject({
      tiles: ['https://wms.example/?bbox={bbox-epsg-3857}'],
    });
  });

  it('VITE_MAP_STYLE=blank is a local style without any remote source', () => {
    const style = buildStyle(readMapConfig({ VITE_MAP_STYLE: 'blank' }));
    expect(style.sources).toEqual({});
    expect(JSON.stringify(style)).not.toContain('http');
  });
});
