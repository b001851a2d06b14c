import { useEffect, useRef, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { TAreaGeometry } from '@gleba/contracts';
import type { BaseStyle } from '../map/map-config';
import { OverlayMap } from '../map/overlay-map';
import { bboxOf } from '../map/bounds';

export interface SectorFeature {
  key: string;
  name: string;
  geometry: TAreaGeometry;
  colour: string;
}

export const NUTRIENT_SOURCE = 'nutrient-sectors';
export const NUTRIENT_FILL = 'nutrient-fill';
export const NUTRIENT_SELECTED = 'nutrient-selected';

function collection(features: readonly SectorFeature[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: features.map((f) => ({
      type: 'Feature',
      properties: { key: f.key, name: f.name, colour: f.colour },
      geometry: f.geometry,
    })),
  };
}

/** Our layers on top of the field map's MapView: sectors filled with their class colour, the chosen one outlined. */
function addLayers(map: MapLibreMap, onPick: (key: string) => void) {
  map.addSource(NUTRIENT_SOURCE, { type: 'geojson', data: collection([]) });
  map.addLayer({
    id: NUTRIENT_FILL,
    type: 'fill',
    source: NUTRIENT_SOURCE,
    paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.75 },
  });
  map.addLayer({
    id: 'nutrient-line',
    type: 'line',
    source: NUTRIENT_SOURCE,
    paint: { 'line-color': '#263238', 'line-width': 1.5 },
  });
  map.addLayer({
    id: NUTRIENT_SELECTED,
    type: 'line',
    source: NUTRIENT_SOURCE,
    filter: ['==', ['get', 'key'], ''],
    paint: { 'line-color': '#0d47a1', 'line-width': 4 },
  });
  map.on('click', (e: MapMouseEvent) => {
    const hit = map.queryRenderedFeatures(e.point, { layers: [NUTRIENT_FILL] })[0];
    const key = hit?.properties?.key as string | undefined;
    if (key) onPick(key);
  });
}

export interface NutrientMapProps {
  features: readonly SectorFeature[];
  selected: string | null;
  onPick: (key: string) => void;
  baseStyle: BaseStyle;
  /** The cadastral overlay (the layer switcher's choice). */
  cadastre?: boolean;
  label: string;
}

/** The field's sectors coloured by the chosen class; a click on a sector opens its recommendations. */
export function NutrientMap({
  features,
  selected,
  onPick,
  baseStyle,
  cadastre = false,
  label,
}: NutrientMapProps) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const fitted = useRef(false);

  useEffect(() => {
    if (map && !map.getSource(NUTRIENT_SOURCE)) addLayers(map, (key) => pick.current(key));
  }, [map]);

  useEffect(() => {
    if (!map) return;
    (map.getSource(NUTRIENT_SOURCE) as GeoJSONSource | undefined)?.setData(collection(features));
    const box = bboxOf(features.map((f) => f.geometry));
    if (box && !fitted.current) {
      fitted.current = true;
      map.fitBounds(box, { padding: 40, maxZoom: 17, duration: 0 });
    }
  }, [map, features]);

  useEffect(() => {
    if (map?.getLayer(NUTRIENT_SELECTED))
      map.setFilter(NUTRIENT_SELECTED, ['==', ['get', 'key'], selected ?? '']);
  }, [map, selected]);

  return <OverlayMap baseStyle={baseStyle} cadastre={cadastre} label={label} onMap={setMap} />;
}

export default NutrientMap;
