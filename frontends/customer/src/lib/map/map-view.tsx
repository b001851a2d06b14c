import { useEffect, useRef, useState } from 'react';
import maplibregl, { type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-view.css';
import type { TAreaGeometry, TCrop, TPlot, TPosition } from '@gleba/contracts';
import { useT } from '../i18n';
import { BASE_SOURCE, applyLayers, buildStyle, type BaseStyle, type MapConfig } from './map-config';
import { mapLocale } from './map-locale';
import { reloadSource } from './reload-source';

export type Selection = { kind: 'plot' | 'crop'; id: string } | null;

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

function plotsCollection(plots: TPlot[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: plots.map((p) => ({
      type: 'Feature',
      id: p.id,
      properties: { id: p.id, name: p.name },
      geometry: p.geometry,
    })),
  };
}

function cropsCollection(crops: TCrop[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: crops.map((c) => ({
      type: 'Feature',
      properties: { id: c.id, name: c.name },
      geometry: c.geometry,
    })),
  };
}

function sectorsCollection(crops: TCrop[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: crops.flatMap((c) =>
      (c.divided ? c.sectors : []).map((s) => ({
        type: 'Feature' as const,
        properties: { id: s.id, cropId: c.id, name: s.name },
        geometry: s.geometry,
      })),
    ),
  };
}

function candidateCollection(geometry: TAreaGeometry | null | undefined): GeoJSON.FeatureCollection {
  return geometry
    ? { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry }] }
    : EMPTY;
}

/**
 * Our GeoJSON sources and layers: plots (green outline), crops (amber fill), sectors (dashed),
 * selection (thick), the cadastral parcel picked by "select on map" (blue, dashed).
 */
function addDataLayers(map: MapLibreMap) {
  for (const id of ['plots', 'crops', 'sectors', 'candidate'])
    map.addSource(id, { type: 'geojson', data: EMPTY });
  map.addLayer({
    id: 'plots-fill',
    type: 'fill',
    source: 'plots',
    paint: { 'fill-color': '#2e7d32', 'fill-opacity': 0.15 },
  });
  map.addLayer({
    id: 'plots-line',
    type: 'line',
    source: 'plots',
    paint: { 'line-color': '#2e7d32', 'line-width': 2 },
  });
  map.addLayer({
    id: 'crops-fill',
    type: 'fill',
    source: 'crops',
    paint: { 'fill-color': '#f9a825', 'fill-opacity': 0.3 },
  });
  map.addLayer({
    id: 'sectors-line',
    type: 'line',
    source: 'sectors',
    paint: { 'line-color': '#6d4c41', 'line-width': 1.5, 'line-dasharray': [2, 2] },
  });
  map.addLayer({
    id: 'plots-selected',
    type: 'line',
    source: 'plots',
    filter: ['==', ['get', 'id'], ''],
    paint: { 'line-color': '#d32f2f', 'line-width': 4 },
  });
  map.addLayer({
    id: 'crops-selected',
    type: 'line',
    source: 'crops',
    filter: ['==', ['get', 'id'], ''],
    paint: { 'line-color': '#d32f2f', 'line-width': 4 },
  });
  map.addLayer({
    id: 'candidate-fill',
    type: 'fill',
    source: 'candidate',
    paint: { 'fill-color': '#1565c0', 'fill-opacity': 0.15 },
  });
  map.addLayer({
    id: 'candidate-line',
    type: 'line',
    source: 'candidate',
    paint: { 'line-color': '#1565c0', 'line-width': 3, 'line-dasharray': [3, 1.5] },
  });
}

export interface MapViewProps {
  config: MapConfig;
  baseStyle: BaseStyle;
  cadastre: boolean;
  plots: TPlot[];
  crops: TCrop[];
  selection: Selection;
  label: string;
  onMap?: (map: MapLibreMap | null) => void;
  /** A click on a crop (else a plot) on the map selects it, as the list does; `plotUnder`: the plot clicked, if any. */
  onPick?: (selection: Selection, plotUnder?: string) => void;
  /** When given, a click anywhere reports its `[lng, lat]` here instead of picking (select on map). */
  onPoint?: (lngLat: TPosition) => void;
  /** A shape outlined on its own (the cadastral parcel found by select on map). */
  candidate?: TAreaGeometry | null;
  /** Where the map opens instead of the whole country (the user's plots, a chosen plot). */
  initialBounds?: [number, number, number, number] | null;
}

/** While the base map is out, its tiles are asked for again this often (and at once when back online). */
const RETRY_MS = 15_000;

/**
 * Whether the base map's tiles arrive: false after a tile of the shown base map failed (or the
 * browser went offline) until one loads again; retries meanwhile. The data layers and the tools
 * never wait for it.
 */
function useBaseMapHealth(map: MapLibreMap | null, baseStyle: BaseStyle, enabled: boolean) {
  const [available, setAvailable] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const base = useRef(baseStyle);
  base.current = baseStyle;

  useEffect(() => {
    if (!map || !enabled) return;
    const onError = (e: { sourceId?: string }) => {
      if (e.sourceId === BASE_SOURCE[base.current]) setAvailable(false);
    };
    const onData = (e: { sourceId?: string; dataType?: string; tile?: unknown }) => {
      if (e.dataType === 'source' && e.tile && e.sourceId === BASE_SOURCE[base.current]) setAvailable(true);
    };
    const onOffline = () => setAvailable(false);
    const onOnline = () => setAttempt((n) => n + 1);
    map.on('error', onError);
    map.on('data', onData);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) setAvailable(false);
    return () => {
      map.off('error', onError);
      map.off('data', onData);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [map, enabled]);

  // A switch of the base map starts over: the other server may well answer.
  useEffect(() => setAvailable(true), [baseStyle]);

  useEffect(() => {
    if (available || !map) return;
    const timer = window.setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [available, map, attempt]);

  useEffect(() => {
    if (!attempt || !map) return;
    // A fresh source asks the server anew (not setTiles: see reloadSource).
    reloadSource(map, BASE_SOURCE[base.current]);
  }, [attempt, map]);

  return { available, retry: () => setAttempt((n) => n + 1) };
}

/** MapLibre with the configured style; the data and toggles are applied as they change. */
export function MapView({
  config,
  baseStyle,
  cadastre,
  plots,
  crops,
  selection,
  label,
  onMap,
  onPick,
  onPoint,
  candidate,
  initialBounds,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const point = useRef(onPoint);
  point.current = onPoint;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const tr = useT();

  useEffect(() => {
    if (!container.current) return;
    const m = new maplibregl.Map({
      container: container.current,
      style: buildStyle(config),
      ...(initialBounds
        ? { bounds: initialBounds, fitBoundsOptions: { padding: 60, maxZoom: 17 } }
        : { center: config.center, zoom: config.zoom }),
      // The controls' labels in the page's language (the parent remounts the map on a switch).
      locale: mapLocale(tr),
    });
    m.addControl(new maplibregl.NavigationControl(), 'top-right');
    m.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    // Ready once the style is: 'load' also waits for every first tile, and never comes when the
    // tile servers cannot be reached (offline, an outage), which left the tools unusable.
    let ready = false;
    const setUp = () => {
      if (ready) return;
      ready = true;
      addDataLayers(m);
      m.on('click', (e) => {
        if (point.current) return void point.current([e.lngLat.lng, e.lngLat.lat]);
        if (!pick.current) return;
        const hits = m.queryRenderedFeatures(e.point, { layers: ['crops-fill', 'plots-fill'] });
        const hit = hits[0];
        const id = hit?.properties?.id as string | undefined;
        const plotUnder = hits.find((h) => h.layer.id === 'plots-fill')?.properties?.id as string | undefined;
        if (hit && id) pick.current({ kind: hit.layer.id === 'crops-fill' ? 'crop' : 'plot', id }, plotUnder);
      });
      setMap(m);
      onMap?.(m);
    };
    m.on('style.load', setUp);
    m.on('load', setUp);
    return () => {
      onMap?.(null);
      setMap(null);
      m.remove();
    };
    // The map is created once; later prop changes are applied by the effects below.
  }, []);

  useEffect(() => {
    if (map) applyLayers(map, baseStyle, cadastre);
  }, [map, baseStyle, cadastre]);

  useEffect(() => {
    if (!map) return;
    (map.getSource('plots') as GeoJSONSource | undefined)?.setData(plotsCollection(plots));
  }, [map, plots]);

  useEffect(() => {
    if (!map) return;
    (map.getSource('crops') as GeoJSONSource | undefined)?.setData(cropsCollection(crops));
    (map.getSource('sectors') as GeoJSONSource | undefined)?.setData(sectorsCollection(crops));
  }, [map, crops]);

  useEffect(() => {
    if (!map) return;
    (map.getSource('candidate') as GeoJSONSource | undefined)?.setData(candidateCollection(candidate));
  }, [map, candidate]);

  useEffect(() => {
    if (!map) return;
    map.setFilter('plots-selected', ['==', ['get', 'id'], selection?.kind === 'plot' ? selection.id : '']);
    map.setFilter('crops-selected', ['==', ['get', 'id'], selection?.kind === 'crop' ? selection.id : '']);
  }, [map, selection]);

  const health = useBaseMapHealth(map, baseStyle, config.style !== 'blank');

  return (
    <>
      <div ref={container} className="farm-map__canvas" role="region" aria-label={label} />
      {!health.available && (
        <div className="farm-map__offline" role="status">
          <p>{tr('farmMap.baseMapUnavailable')}</p>
          <button type="button" className="gl-button gl-button--secondary" onClick={health.retry}>
            {tr('farmMap.baseMapRetry')}
          </button>
        </div>
      )}
    </>
  );
}
