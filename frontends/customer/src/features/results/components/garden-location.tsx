import { lazy, Suspense } from 'react';
import { FormError } from '@gleba/ui';
import type { TSampleResultsView } from '@gleba/contracts';
import { formatNumber } from '@gleba/i18n';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { useLayerChoice } from '../../../lib/map/layer-choice';
import { LayerSwitcher } from '../../../lib/map/layer-switcher';
import { useSoilTest } from '../../../lib/api/soil-tests';
import '../../../lib/styles/farm-order.css';

/** MapLibre comes with the map only, when the garden has a location. */
const GardenMarkerMap = lazy(() => import('./garden-marker-map'));

/**
 * Where a garden is: a marker on the street map or the orthophoto (the field map's layer
 * switcher) with the coordinates in words, or a sentence saying no location was given.
 */
export function GardenLocation({ view }: { view: TSampleResultsView }) {
  const tr = useT();
  const lang = useLang();
  const test = useSoilTest(view.testId);
  const [mapLayers, setMapLayers] = useLayerChoice();
  const heading = <h2 id="garden-map-title">{tr('customerTests.gardenMapTitle')}</h2>;
  const location = test.data?.location ?? null;
  return (
    <section aria-labelledby="garden-map-title" className="test-map farm-order">
      {heading}
      {test.error ? (
        <FormError>{describeError(lang, test.error)}</FormError>
      ) : !test.data ? (
        <p className="muted">{tr('farmMap.loadingMap')}</p>
      ) : !location ? (
        <p data-testid="garden-no-location">{tr('customerTests.gardenNoLocation')}</p>
      ) : (
        <>
          <p data-testid="garden-location">
            {tr('customerTests.gardenAt', {
              name: view.fieldName,
              lat: formatNumber(lang, location.lat, 5),
              lon: formatNumber(lang, location.lon, 5),
            })}
          </p>
          <LayerSwitcher
            choice={mapLayers}
            onChange={setMapLayers}
            name="garden-map-base"
            className="farm-order__layers map-layers"
          />
          <Suspense fallback={<p className="muted">{tr('farmMap.loadingMap')}</p>}>
            <GardenMarkerMap
              lat={location.lat}
              lon={location.lon}
              baseStyle={mapLayers.base}
              cadastre={mapLayers.cadastre}
              label={tr('customerTests.gardenMapLabel', { name: view.fieldName })}
            />
          </Suspense>
        </>
      )}
    </section>
  );
}
