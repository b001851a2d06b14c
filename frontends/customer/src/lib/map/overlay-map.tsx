import type { Map as MapLibreMap } from 'maplibre-gl';
import { readMapConfig, type BaseStyle } from './map-config';
import { MapView } from './map-view';

const config = readMapConfig();
const NONE: never[] = [];

/**
 * The field map's MapView without plots or crops: the base map and the cadastre, for a caller that
 * adds its own layers through `onMap`.
 */
export function OverlayMap({
  baseStyle,
  cadastre,
  label,
  onMap,
  initialBounds,
}: {
  baseStyle: BaseStyle;
  cadastre: boolean;
  label: string;
  onMap: (map: MapLibreMap | null) => void;
  initialBounds?: [number, number, number, number];
}) {
  return (
    <div className="farm-order__map">
      <MapView
        config={config}
        baseStyle={baseStyle}
        cadastre={cadastre}
        plots={NONE}
        crops={NONE}
        selection={null}
        label={label}
        onMap={onMap}
        initialBounds={initialBounds}
      />
    </div>
  );
}
