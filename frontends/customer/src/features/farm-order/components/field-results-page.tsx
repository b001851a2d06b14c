import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormError } from '@gleba/ui';
import { isApiError } from '@gleba/api-client';
import type { TAreaGeometry, TFieldResultView } from '@gleba/contracts';
import { describeError, useLang, useT, type Translate } from '../../../lib/i18n';
import { formatDate } from '../../../lib/test-status';
import { doseText, noLimeDose } from '../../../lib/results/doses';
import { useCrop, useFieldHistory, useOrdersById } from '../../../lib/api/farm-order';
import { classOf, colourOf, valueOf, type Layer } from '../../../lib/results/layers';
import {
  LayerLegend,
  LayerPicker,
  WHOLE,
  classText,
  sampleSectors,
  shapeKeyOf,
} from '../../../lib/results/class-layers';
import { FieldHistory } from './field-history';
import { SectorTrends } from './sector-trends';
import { MapResults } from '../../../lib/results/map-results';
import '../../../lib/styles/farm-order.css';
import { DetailsList } from '../../../lib/components/details-list';

export interface SectorView {
  key: string;
  name: string;
  geometry: TAreaGeometry | null;
  result: TFieldResultView | undefined;
}

/** The basic-test results grouped by order, newest order first. */
export function ordersWithResults(
  results: readonly TFieldResultView[],
): { orderId: string; orderNumber: string; date: string }[] {
  const byOrder = new Map<string, { orderId: string; orderNumber: string; date: string }>();
  for (const r of results) {
    const seen = byOrder.get(r.orderId);
    if (!seen || seen.date < r.updatedAt)
      byOrder.set(r.orderId, { orderId: r.orderId, orderNumber: r.orderNumber, date: r.updatedAt });
  }
  return [...byOrder.values()].sort((a, b) => b.date.localeCompare(a.date));
}

/** One click away from the map: a sector's values, classes and recommendations. */
function SectorPanel({ sector, tr, onClose }: { sector: SectorView; tr: Translate; onClose: () => void }) {
  const lang = useLang();
  const r = sector.result;
  const rec = r?.recommendation ?? null;
  const rows: [string, string][] = [
    [`pH (KCl)`, `${valueOf(r, 'PH_KCL', lang)} · ${classText(tr, r, 'PH')}`],
    [tr('farmOrder.layer_P'), `${valueOf(r, 'P2O5', lang)} mg/100 g · ${classText(tr, r, 'P')}`],
    [tr('farmOrder.layer_K'), `${valueOf(r, 'K2O', lang)} mg/100 g · ${classText(tr, r, 'K')}`],
    [tr('farmOrder.layer_MG'), `${valueOf(r, 'MG', lang)} mg/100 g · ${classText(tr, r, 'MG')}`],
    ...(r?.agronomicCategory
      ? ([[tr('farmOrder.colCategory'), r.agronomicCategory.label]] as [string, string][])
      : []),
  ];
  const doses = rec
    ? [rec.fertilizer.p2o5, rec.fertilizer.k2o, rec.fertilizer.mgo].filter((d) => d !== null)
    : [];
  const notes = rec?.notesText ?? [];
  return (
    <aside
      className="farm-order__panel"
      aria-label={tr('farmOrder.recommendationsOf', { name: sector.name })}
    >
      <div className="farm-order__panel-head">
        <h3>{tr('farmOrder.recommendationsOf', { name: sector.name })}</h3>
        <button type="button" className="gl-button gl-button--secondary" onClick={onClose}>
          {tr('farmOrder.close')}
        </button>
      </div>
      {!r ? (
        <p className="muted">{tr('farmOrder.noData')}</p>
      ) : (
        <>
          <DetailsList rows={rows} />
          {rec ? (
            <>
              <p>
                <strong>{tr('farmOrder.limingNeed', { need: rec.labels.limingNeed })}</strong>
              </p>
              {!rec.liming.noTable && noLimeDose(rec) && <p>{tr('customerTests.limingNoDose')}</p>}
              <ul>
                {!rec.liming.noTable &&
                  !noLimeDose(rec) &&
                  rec.liming.products.map((p) => (
                    <li key={p.product}>
                      {tr('farmOrder.limeDose', {
                        product: rec.labels.limeProducts[p.product] ?? p.product,
                        dose: doseText(tr, lang, p.now),
                      })}
                    </li>
                  ))}
                {doses.flatMap((d) =>
                  d.products.map((p) => (
                    <li key={`${d.nutrient}-${p.product}`}>
                      {tr('farmOrder.fertilizerDose', {
                        product: rec.labels.fertilizerProducts[p.product] ?? p.product,
                        dose: doseText(tr, lang, p.amount),
                      })}
                    </li>
                  )),
                )}
              </ul>
              {notes.length > 0 && (
                <ul className="muted">
                  {notes.map((n, i) => (
                    <li key={i}>{n}</li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <p className="muted">{tr('farmOrder.noRecommendation')}</p>
          )}
          <Link to={`/soil-tests/${r.testId}/results`}>{tr('farmOrder.fullResults')}</Link>
        </>
      )}
    </aside>
  );
}

/** `/fields/{cropId}/results`: the field's sectors coloured by class, each sector's advice, and the field's history. */
export function FieldResultsPage() {
  const tr = useT();
  const lang = useLang();
  const { cropId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const crop = useCrop(cropId);
  const history = useFieldHistory(cropId);
  const basic = useMemo(
    () => (history.data?.items ?? []).filter((r) => r.testType === 'BASIC_TEST'),
    [history.data],
  );
  const orderList = useMemo(() => ordersWithResults(basic), [basic]);
  const orders = useOrdersById(orderList.map((o) => o.orderId));
  const where = useMemo(() => sampleSectors(orders.data ?? []), [orders.data]);
  const [layer, setLayer] = useState<Layer>('PH');
  const [selected, setSelected] = useState<string | null>(null);

  const orderId =
    params.get('order') && orderList.some((o) => o.orderId === params.get('order'))
      ? params.get('order')!
      : orderList[0]?.orderId;
  const cropMissing = isApiError(crop.error) && crop.error.status === 404;

  const sectors: SectorView[] = useMemo(() => {
    const results = basic.filter((r) => r.orderId === orderId);
    if (crop.data) {
      const c = crop.data;
      const keyOf = (r: TFieldResultView) => shapeKeyOf(c, where.get(r.testId)?.sectorId);
      const shapes = c.divided
        ? c.sectors.map((s) => ({ key: s.id, name: s.name, geometry: s.geometry }))
        : [{ key: WHOLE, name: tr('farmOrder.wholeField'), geometry: c.geometry }];
      const views: SectorView[] = shapes.map((s) => ({
        ...s,
        result: results.find((r) => keyOf(r) === s.key),
      }));
      // Samples of sectors no longer on the map (or of the whole crop before it was divided) are still listed.
      for (const r of results) {
        if (!views.some((v) => v.result === r))
          views.push({
            key: `sample-${r.testId}`,
            name: where.get(r.testId)?.sectorName ?? r.code,
            geometry: null,
            result: r,
          });
      }
      return views;
    }
    return results.map((r) => ({
      key: `sample-${r.testId}`,
      name: where.get(r.testId)?.sectorName ?? r.code,
      geometry: null,
      result: r,
    }));
  }, [basic, orderId, where, crop.data, tr]);

  const features = useMemo(
    () =>
      sectors
        .filter((s) => s.geometry)
        .map((s) => ({
          key: s.key,
          name: s.name,
          geometry: s.geometry!,
          colour: colourOf(classOf(s.result, layer), layer),
        })),
    [sectors, layer],
  );
  const chosen = sectors.find((s) => s.key === selected);
  const name = crop.data?.name ?? basic[0]?.fieldName ?? '';
  const loadError = history.error ?? (crop.error && !cropMissing ? crop.error : undefined) ?? orders.error;

  return (
    <section className="page farm-order">
      <h2>{tr('farmOrder.fieldResults', { name })}</h2>
      <FormError>
        {loadError ? `${tr('farmOrder.resultsLoadFailed')} ${describeError(lang, loadError)}` : undefined}
      </FormError>
      {cropMissing && <p className="muted">{tr('farmOrder.cropMissing')}</p>}
      {basic.length > 0 && crop.data && (
        <p>
          <Link className="prescription__link" to={`/fields/${encodeURIComponent(cropId)}/prescription`}>
            {tr('prescription.link')}
          </Link>
        </p>
      )}
      {!history.data && !history.error && <p className="muted">{tr('farmOrder.loading')}</p>}
      {history.data && basic.length === 0 && (
        <p role="status">
          {tr('farmOrder.noResults')} <Link to="/orders">{tr('farmOrder.toOrders')}</Link>
        </p>
      )}
      {basic.length > 0 && (
        <>
          <MapResults
            controls={
              <>
                {orderList.length > 1 && (
                  <label>
                    {tr('farmOrder.orderSelect')}{' '}
                    <select
                      value={orderId}
                      onChange={(e) => setParams({ order: e.target.value }, { replace: true })}
                    >
                      {orderList.map((o) => (
                        <option key={o.orderId} value={o.orderId}>
                          {tr('farmOrder.orderOption', {
                            number: o.orderNumber,
                            date: formatDate(lang, o.date),
                          })}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <LayerPicker layer={layer} onChange={setLayer} tr={tr} />
              </>
            }
            features={features}
            selected={selected}
            onPick={setSelected}
            label={tr('farmOrder.mapLabel')}
            legend={<LayerLegend layer={layer} tr={tr} />}
            side={
              <>
                <section aria-label={tr('farmOrder.sectors')}>
                  <h3>{tr('farmOrder.sectors')}</h3>
                  <ul className="farm-order__sector-list">
                    {sectors.map((s) => {
                      const cls = classOf(s.result, layer);
                      return (
                        <li key={s.key}>
                          <button
                            type="button"
                            aria-pressed={selected === s.key}
                            data-class={cls ?? 'none'}
                            onClick={() => setSelected(s.key)}
                          >
                            <span
                              className="class-legend__swatch"
                              style={{ background: colourOf(cls, layer) }}
                            />{' '}
                            {s.name}: {classText(tr, s.result, layer)}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </section>
                {chosen && <SectorPanel sector={chosen} tr={tr} onClose={() => setSelected(null)} />}
              </>
            }
          />
        </>
      )}
      {basic.length > 0 && <FieldHistory results={basic} where={where} tr={tr} />}
      {basic.length > 0 && (
        <SectorTrends results={basic} where={where} tr={tr} wholeName={tr('farmOrder.wholeField')} />
      )}
    </section>
  );
}
