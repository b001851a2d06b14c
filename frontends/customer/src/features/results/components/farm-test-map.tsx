import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '@gleba/ui';
import { isApiError } from '@gleba/api-client';
import type { TSampleResultsView } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { useLayerChoice } from '../../../lib/map/layer-choice';
import { LayerSwitcher } from '../../../lib/map/layer-switcher';
import { useCrop, useOrdersById } from '../../../lib/api/farm-order';
import {
  LayerLegend,
  LayerPicker,
  WHOLE,
  classText,
  sampleSectors,
  shapeKeyOf,
} from '../../../lib/results/class-layers';
import { classOf, colourOf, type ClassSource, type Layer } from '../../../lib/results/layers';
import { useOrderResults } from '../../../lib/api/results';
import { LazyNutrientMap } from '../../../lib/results/lazy-nutrient-map';
import '../../../lib/styles/farm-order.css';

export interface TestSector {
  key: string;
  name: string;
  geometry: import('@gleba/contracts').TAreaGeometry;
  /** The test (sample) taken in this sector by the same order, if any. */
  testId: string | null;
  result: ClassSource | undefined;
}

/** The basic-test result of a sample (the classes the map colours come from it). */
export function basicResult(view: Pick<TSampleResultsView, 'results'>): ClassSource | undefined {
  return view.results.find((r) => r.testType === 'BASIC_TEST') ?? view.results[0];
}

/**
 * The field's sectors (the whole field when it is not divided), each with the result of the
 * sample the same order took there: the test's own sector and its neighbours on one map.
 */
export function testSectors(
  crop: {
    divided: boolean;
    geometry: TestSector['geometry'];
    sectors: { id: string; name: string; geometry: TestSector['geometry'] }[];
  },
  wholeName: string,
  samples: readonly Pick<TSampleResultsView, 'testId' | 'results'>[],
  sectorOf: (testId: string) => string | null | undefined,
): TestSector[] {
  const shapes = crop.divided
    ? crop.sectors.map((s) => ({ key: s.id, name: s.name, geometry: s.geometry }))
    : [{ key: WHOLE, name: wholeName, geometry: crop.geometry }];
  return shapes.map((s) => {
    const sample = samples.find((x) => shapeKeyOf(crop, sectorOf(x.testId)) === s.key);
    return { ...s, testId: sample?.testId ?? null, result: sample ? basicResult(sample) : undefined };
  });
}

/**
 * A farm test's field on the street map or the orthophoto (the field map's layer switcher), every
 * sector coloured by the chosen class (pH, liming need, P, K, Mg) with a legend in words, and the
 * sectors listed with their class so nothing is told by colour alone.
 */
export function FarmTestMap({ view }: { view: TSampleResultsView }) {
  const tr = useT();
  const lang = useLang();
  const crop = useCrop(view.cropId ?? '');
  const order = useOrderResults(view.orderId);
  const orders = useOrdersById([view.orderId]);
  const where = useMemo(() => sampleSectors(orders.data ?? []), [orders.data]);
  const [layer, setLayer] = useState<Layer>('PH');
  const [mapLayers, setMapLayers] = useLayerChoice();
  const [picked, setPicked] = useState<string | null>(null);

  const sectors = useMemo(() => {
    if (!crop.data || !orders.data) return [];
    const samples = (order.data?.samples ?? [view]).filter(
      (s) => s.testId === view.testId || s.cropId === view.cropId,
    );
    return testSectors(crop.data, tr('farmOrder.wholeField'), samples, (id) => where.get(id)?.sectorId);
  }, [crop.data, orders.data, order.data, view, where, tr]);
  const own = sectors.find((s) => s.testId === view.testId);
  const features = useMemo(
    () =>
      sectors.map((s) => ({
        key: s.key,
        name: s.name,
        geometry: s.geometry,
        colour: colourOf(classOf(s.result, layer), layer),
      })),
    [sectors, layer],
  );

  const heading = <h2 id="test-map-title">{tr('customerTests.testMapTitle')}</h2>;
  const cropMissing = !view.cropId || (isApiError(crop.error) && crop.error.status === 404);
  if (cropMissing)
    return (
      <section aria-labelledby="test-map-title" className="test-map">
        {heading}
        <p>{tr('farmOrder.cropMissing')}</p>
      </section>
    );
  const loadError = crop.error ?? orders.error;
  if (loadError)
    return (
      <section aria-labelledby="test-map-title" className="test-map">
        {heading}
        <FormError>{`${tr('farmOrder.resultsLoadFailed')} ${describeError(lang, loadError)}`}</FormError>
      </section>
    );
  if (!crop.data || !orders.data)
    return (
      <section aria-labelledby="test-map-title" className="test-map">
        {heading}
        <p className="muted">{tr('farmMap.loadingMap')}</p>
      </section>
    );
  const selected = picked ?? own?.key ?? null;
  // The field as the order names it (the user's field), not the crop: a crop's default name is
  // its plant's name in the language of the day it was drawn.
  const field =
    orders.data.flatMap((o) => o.samples).find((s) => s.id === view.testId)?.fieldName ?? crop.data.name;
  return (
    <section aria-labelledby="test-map-title" className="test-map farm-order">
      {heading}
      <p>
        {own
          ? own.key === WHOLE
            ? tr('customerTests.testMapWholeField', { field })
            : tr('customerTests.testMapSector', { field, sector: own.name })
          : tr('customerTests.testMapSectorGone', { field })}
      </p>
      <div className="farm-order__controls">
        <LayerPicker layer={layer} onChange={setLayer} tr={tr} />
        <LayerSwitcher
          choice={mapLayers}
          onChange={setMapLayers}
          name="test-map-base"
          className="farm-order__layers map-layers"
        />
      </div>
      <LazyNutrientMap
        features={features}
        selected={selected}
        onPick={setPicked}
        baseStyle={mapLayers.base}
        cadastre={mapLayers.cadastre}
        label={tr('customerTests.testMapLabel', { name: field })}
      />
      <LayerLegend layer={layer} tr={tr} />
      <section aria-label={tr('farmOrder.sectors')}>
        <h3>{tr('farmOrder.sectors')}</h3>
        <ul className="farm-order__sector-list test-map__sectors">
          {sectors.map((s) => {
            const cls = classOf(s.result, layer);
            return (
              <li
                key={s.key}
                data-sector={s.key}
                data-class={cls ?? 'none'}
                aria-current={s.testId === view.testId ? 'true' : undefined}
                className={selected === s.key ? 'test-map__sector--selected' : undefined}
              >
                <span className="class-legend__swatch" style={{ background: colourOf(cls, layer) }} />{' '}
                {s.name}: {classText(tr, s.result, layer)}
                {s.testId === view.testId ? (
                  <strong> {tr('customerTests.thisTest')}</strong>
                ) : (
                  s.testId && (
                    <>
                      {' '}
                      <Link
                        to={`/soil-tests/${encodeURIComponent(s.testId)}/results`}
                        className="test-map__link"
                      >
                        {tr('customerTests.sectorResults', { name: s.name })}
                      </Link>
                    </>
                  )
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <p>
        <Link to={`/fields/${encodeURIComponent(view.cropId!)}/results`} className="test-map__link">
          {tr('customerTests.fieldHistory')}
        </Link>
      </p>
    </section>
  );
}
