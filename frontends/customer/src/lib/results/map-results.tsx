import type { ReactNode } from 'react';
import { useLayerChoice } from '../map/layer-choice';
import { LayerSwitcher } from '../map/layer-switcher';
import { LazyNutrientMap } from './lazy-nutrient-map';
import type { SectorFeature } from './nutrient-map';
import '../styles/results.css';

/**
 * A results page's map area: the page's controls with the layer switcher, then the nutrient map
 * and its legend beside the page's side panel. Without sectors to draw there is no map.
 */
export function MapResults({
  controlsClassName = 'farm-order__controls',
  controls,
  features,
  selected,
  onPick,
  label,
  legend,
  side,
}: {
  controlsClassName?: string;
  controls: ReactNode;
  features: readonly SectorFeature[];
  selected: string | null;
  onPick: (key: string) => void;
  label: string;
  legend: ReactNode;
  side: ReactNode;
}) {
  const [mapLayers, setMapLayers] = useLayerChoice();
  return (
    <>
      <div className={controlsClassName}>
        {controls}
        {features.length > 0 && (
          <LayerSwitcher
            choice={mapLayers}
            onChange={setMapLayers}
            className="farm-order__layers map-layers"
          />
        )}
      </div>
      <div className="farm-order__results">
        <div className="farm-order__results-main">
          {features.length > 0 && (
            <LazyNutrientMap
              features={features}
              selected={selected}
              onPick={onPick}
              baseStyle={mapLayers.base}
              cadastre={mapLayers.cadastre}
              label={label}
            />
          )}
          {legend}
        </div>
        <div className="farm-order__results-side">{side}</div>
      </div>
    </>
  );
}
