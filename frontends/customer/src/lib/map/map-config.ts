import type { StyleSpecification } from 'maplibre-gl';

/**
 * Map URLs are configuration (integrations: Geoportal layers). Every default lives here; a
 * deployment overrides them with `VITE_MAP_*` at build time. `VITE_MAP_STYLE=blank` gives a local
 * style without any remote tile (tests, offline development).
 */
export interface MapConfig {
  /** `geoportal` (the default: OSM streets, Geoportal orthophoto and KIEG overlay) or `blank`. */
  style: 'geoportal' | 'blank';
  osmTiles: string;
  osmAttribution: string;
  /** Geoportal orthophoto WMTS as a `{z}/{x}/{y}` tile template (EPSG:3857 matrix set). */
  orthophotoTiles: string;
  /** KIEG (national integration of cadastral parcels) WMS GetMap with `{bbox-epsg-3857}`. */
  cadastreWms: string;
  geoportalAttribution: string;
  /** Centre of Poland, the first view. */
  center: [number, number];
  zoom: number;
}

type Env = Record<string, string | boolean | undefined>;

export const MAP_DEFAULTS = {
  osmTiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  osmAttribution: '© OpenStreetMap contributors',
  orthophotoTiles:
    'https://mapy.geoportal.gov.pl/wss/service/PZGIK/ORTO/WMTS/StandardResolution?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=ORTOFOTOMAPA&STYLE=default&FORMAT=image/jpeg&TILEMATRIXSET=EPSG:3857&TILEMATRIX=EPSG:3857:{z}&TILEROW={y}&TILECOL={x}',
  cadastreWms:
    'https://integracja.gugik.gov.pl/cgi-bin/KrajowaIntegracjaEwidencjiGruntow?SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=dzialki,numery_dzialek&STYLES=&FORMAT=image/png&TRANSPARENT=true&SRS=EPSG:3857&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256',
  geoportalAttribution: '© GUGiK, geoportal.gov.pl',
  center: [19.4, 52.1] as [number, number],
  zoom: 6,
};

function str(env: Env, key: string, fallback: string): string {
  const v = env[key];
  return typeof v === 'string' && v.trim() ? v.trim() : fallback;
}

export function readMapConfig(env: Env = import.meta.env as Env): MapConfig {
  return {
    style: str(env, 'VITE_MAP_STYLE', 'geoportal') === 'blank' ? 'blank' : 'geoportal',
    osmTiles: str(env, 'VITE_MAP_OSM_TILES', MAP_DEFAULTS.osmTiles),
    osmAttribution: str(env, 'VITE_MAP_OSM_ATTRIBUTION', MAP_DEFAULTS.osmAttribution),
    orthophotoTiles: str(env, 'VITE_MAP_ORTHOPHOTO_TILES', MAP_DEFAULTS.orthophotoTiles),
    cadastreWms: str(env, 'VITE_MAP_CADASTRE_WMS', MAP_DEFAULTS.cadastreWms),
    geoportalAttribution: str(env, 'VITE_MAP_GEOPORTAL_ATTRIBUTION', MAP_DEFAULTS.geoportalAttribution),
    center: MAP_DEFAULTS.center,
    zoom: MAP_DEFAULTS.zoom,
  };
}

export type BaseStyle = 'streets' | 'orthophoto';

/** Layer ids of the base maps and the overlay: switched by visibility, so our data layers survive. */
export const BASE_LAYER: Record<BaseStyle, string> = {
  streets: 'base-streets',
  orthophoto: 'base-orthophoto',
};
export const CADASTRE_LAYER = 'overlay-cadastre';
/** Source ids of the base maps (their tile errors mean the background is unavailable). */
export const BASE_SOURCE: Record<BaseStyle, string> = {
  streets: 'streets',
  orthophoto: 'orthophoto',
};

/**
 * One style holding both base maps (streets visible) and the cadastral overlay (hidden); `blank`
 * is a background only, with no network access at all.
 */
export function buildStyle(config: MapConfig): StyleSpecification {
  const background = {
    id: 'background',
    type: 'background' as const,
    paint: { 'background-color': '#eef1ea' },
  };
  if (config.style === 'blank') return { version: 8, sources: {}, layers: [background] };
  return {
    version: 8,
    sources: {
      streets: {
        type: 'raster',
        tiles: [config.osmTiles],
        tileSize: 256,
        maxzoom: 19,
        attribution: config.osmAttribution,
      },
      orthophoto: {
        type: 'raster',
        tiles: [config.orthophotoTiles],
        tileSize: 256,
        maxzoom: 19,
        attribution: config.geoportalAttribution,
      },
      cadastre: {
        type: 'raster',
        tiles: [config.cadastreWms],
        tileSize: 256,
        minzoom: 13,
        attribution: config.geoportalAttribution,
      },
    },
    layers: [
      background,
      { id: BASE_LAYER.streets, type: 'raster', source: 'streets' },
      { id: BASE_LAYER.orthophoto, type: 'raster', source: 'orthophoto', layout: { visibility: 'none' } },
      { id: CADASTRE_LAYER, type: 'raster', source: 'cadastre', minzoom: 13, layout: { visibility: 'none' } },
    ],
  };
}

/** Minimal map surface for {@link applyLayers} (MapLibre's Map, or a test fake). */
interface LayerTarget {
  getLayer(id: string): unknown;
  setLayoutProperty(layer: string, name: string, value: unknown): unknown;
}

/** Shows the chosen base map and the overlay (when on), hides the rest; layers not in the style are skipped. */
export function applyLayers(map: LayerTarget, base: BaseStyle, cadastre: boolean): void {
  for (const [style, layer] of Object.entries(BASE_LAYER))
    if (map.getLayer(layer)) map.setLayoutProperty(layer, 'visibility', style === base ? 'visible' : 'none');
  if (map.getLayer(CADASTRE_LAYER))
    map.setLayoutProperty(CADASTRE_LAYER, 'visibility', cadastre ? 'visible' : 'none');
}
