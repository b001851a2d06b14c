import { useEffect, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { BaseStyle } from '../../../lib/map/map-config';
import { OverlayMap } from '../../../lib/map/overlay-map';

export const GARDEN_SOURCE = 'garden-location';
export const GARDEN_MARKER = 'garden-marker';

export interface GardenMarkerMapProps {
  lat: number;
  lon: number;
  baseStyle: BaseStyle;
  cadastre: boolean;
  label: string;
}

/** A garden's point on the field map's MapView (street map or orthophoto): a marker, centred. */
export default function GardenMarkerMap({ lat, lon, baseStyle, cadastre, label }: GardenMarkerMapProps) {
  const [map, setMap] = useState<MapLibreMap | null>(null);

  useEffect(() => {
    if (!map) return;
    const data: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [lon, lat] } }],
    };
    if (!map.getSource(GARDEN_SOURCE)) {
      map.addSource(GARDEN_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      // A dark red dot ringed in white reads on both the street map and the orthophoto.
      map.addLayer({
        id: GARDEN_MARKER,
        type: 'circle',
        source: GARDEN_SOURCE,
        paint: {
          'circle-radius': 10,
          'circle-color': '#b71c1c',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 3,
        },
      });
    }
    (map.getSource(GARDEN_SOURCE) as GeoJSONSource).setData(data);
  }, [map, lat, lon]);
  // The map opens on the garden: a box of a few metres around it, at the zoom cap below.
  const d = 0.0005;

  return (
    <OverlayMap
      baseStyle={baseStyle}
      cadastre={cadastre}
      label={label}
      onMap={setMap}
      initialBounds={[lon - d, lat - d, lon + d, lat + d]}
    />
  );
}
