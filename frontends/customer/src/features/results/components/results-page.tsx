import { Suspense, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { FormError, Table, TableScroll, toast } from '@gleba/ui';
import type {
  Language,
  TOrderResultsView,
  TRecommendationView,
  TSampleResultsView,
  TTestResultView,
} from '@gleba/contracts';
import { formatNumber } from '@gleba/i18n';
import { isApiError } from '@gleba/api-client';
import { WithNamespaces, describeError, useLang, useT, type Translate } from '../../../lib/i18n';
import { downloadPdf, resultsKey, useOrderResults, useTestResults } from '../../../lib/api/results';
import {
  CATEGORIES,
  ClassChart,
  Legend,
  MAIN_KEYS,
  NUTRIENT_CLASSES,
  NUTRIENT_COLOURS,
  PH_CLASSES,
  PH_COLOURS,
  classMessage,
} from '../../../lib/results/class-chart';
import { ComplaintsSection } from './complaints-section';
import { FarmTestMap } from './farm-test-map';
import { GardenLocation } from './garden-location';
import { doseText, hasLaterLimeDose, noLimeDose, totalText } from '../../../lib/results/doses';
import '../../../lib/styles/results.css';
import { TakenPunctures } from '../../../lib/components/taken-punctures';
import { DetailsList } from '../../../lib/components/details-list';
import { LoadFailed } from '../../../lib/components/load-failed';

function ResultsTable({ result, tr, lang }: { result: TTestResultView; tr: Translate; lang: Language }) {
  const main = result.elements.filter((e) => MAIN_KEYS.includes(e.key));
  const others = result.elements.filter((e) => !MAIN_KEYS.includes(e.key) && e.key !== 'CATEGORY');
  const rows = [...main, ...others];
  return (
    <TableScroll label={result.testTypeLabel}>
      <table className="gl-table">
        <caption>{result.testTypeLabel}</caption>
        <thead>
          <tr>
            <th>{tr('customerTests.colElement')}</th>
            <th>{tr('customerTests.colValue')}</th>
            <th>{tr('customerTests.colClass')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.key} data-element={e.key}>
              <th scope="row">
                {e.name} ({e.symbol})
              </th>
              <td>
                {e.value !== null ? formatNumber(lang, e.value, 2) : (e.valueDescripted ?? '—')}{' '}
                {e.unit !== '-' ? e.unit : ''}
              </td>
              <td>{e.class ? (e.classLabel ?? tr(classMessage(e.key, e.class))) : '—'}</td>
            </tr>
          ))}
          {result.agronomicCategory && (
            <tr data-element="CATEGORY">
              <th scope="row">{tr('customerTests.category')}</th>
              <td>—</td>
              <td>{result.agronomicCategory.label}</td>
            </tr>
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Recommendations({ rec, tr, lang }: { rec: TRecommendationView; tr: Translate; lang: string }) {
  const doses = [rec.fertilizer.p2o5, rec.fertilizer.k2o, rec.fertilizer.mgo].filter((d) => d !== null);
  const later = hasLaterLimeDose(rec);
  const notes = rec.notesText;
  return (
    <section aria-label={tr('customerTests.recommendations')}>
      <h2>{tr('customerTests.recommendations')}</h2>
      <h3>{tr('customerTests.liming')}</h3>
      <p>{tr('customerTests.limingNeed', { need: rec.labels.limingNeed })}</p>
      {/* The need class and the dose table agree: no table of zeros under a need. */}
      {!rec.liming.noTable && noLimeDose(rec) && <p>{tr('customerTests.limingNoDose')}</p>}
      {rec.liming.products.length > 0 && !rec.liming.noTable && !noLimeDose(rec) && (
        // On a phone each product is a card, every value under its column's name (nothing cut).
        <Table
          label={tr('customerTests.liming')}
          stackOnNarrow
          rows={rec.liming.products}
          rowKey={(p) => p.product}
          columns={[
            {
              key: 'product',
              header: tr('customerTests.product'),
              cell: (p) => rec.labels.limeProducts[p.product] ?? p.product,
            },
            { key: 'now', header: tr('customerTests.limeNow'), cell: (p) => doseText(tr, lang, p.now) },
            { key: 'total', header: tr('customerTests.total'), cell: (p) => totalText(tr, lang, p.now) },
            ...(later
              ? [
                  {
                    key: 'later',
                    header: tr('customerTests.limeLater'),
                    cell: (p: (typeof rec.liming.products)[number]) => doseText(tr, lang, p.later),
                  },
                ]
              : []),
          ]}
        />
      )}
      <h3>{tr('customerTests.fertilizers')}</h3>
      {/* The product's name carries its nutrient and content, e.g. "Kizeryt (25% MgO)". */}
      <Table
        label={tr('customerTests.fertilizers')}
        stackOnNarrow
        rows={doses.flatMap((d) => d.products.map((p) => ({ nutrient: d.nutrient, ...p })))}
        rowKey={(p) => `${p.nutrient}-${p.product}`}
        columns={[
          {
            key: 'product',
            header: tr('customerTests.product'),
            cell: (p) => rec.labels.fertilizerProducts[p.product] ?? p.product,
          },
          { key: 'dose', header: tr('customerTests.dose'), cell: (p) => doseText(tr, lang, p.amount) },
          { key: 'total', header: tr('customerTests.total'), cell: (p) => totalText(tr, lang, p.amount) },
        ]}
      />
      {notes.length > 0 && (
        <>
          <h3>{tr('customerTests.notes')}</h3>
          <ul>
            {notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ResultsDetails({ view, tr, lang }: { view: TSampleResultsView; tr: Translate; lang: Language }) {
  const rows: [string, string][] = [
    [tr(view.kind === 'FARM' ? 'customerTests.farmFieldName' : 'customerTests.gardenName'), view.fieldName],
    [tr('customerTests.code'), view.code],
    [tr('customerTests.orderNumber'), view.orderNumber],
    [tr('customerTests.plantName'), view.plantName ?? '—'],
    [
      tr('customerTests.areaValue'),
      view.area.value === null ? '—' : `${formatNumber(lang, view.area.value, 2)} ${view.area.unit}`,
    ],
    [tr('customerTests.resultsStatus'), view.statusLabel],
  ];
  return (
    <section aria-label={tr('customerTests.sampleInfo')}>
      <h2>{tr('customerTests.sampleInfo')}</h2>
      <DetailsList rows={rows} />
    </section>
  );
}

/** A farm order's samples (one per sector), each with a link to its own results. */
function OrderSamples({ view, tr }: { view: TOrderResultsView; tr: Translate }) {
  return (
    <section className="page">
      <h2>{tr('customerTests.resultsFor', { name: view.orderNumber })}</h2>
      <TableScroll label={tr('customerTests.resultsFor', { name: view.orderNumber })}>
        <table className="gl-table">
          <thead>
            <tr>
              <th>{tr('customerTests.colName')}</th>
              <th>{tr('customerTests.colCode')}</th>
              <th>{tr('customerTests.colStatus')}</th>
              <th>{tr('customerTests.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {view.samples.map((sample) => (
              <tr key={sample.testId}>
                <td>{sample.fieldName}</td>
                <td>{sample.code}</td>
                <td>{sample.statusLabel}</td>
                <td>
                  <Link to={`/soil-tests/${encodeURIComponent(sample.testId)}/results`}>
                    {tr('customerTests.showResults')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="results-actions">
        <Link to="/soil-tests" className="gl-button gl-button--secondary">
          {tr('customerTests.backToTests')}
        </Link>
      </div>
    </section>
  );
}

/**
 * /soil-tests/{id}/results (menu hidden, back to /soil-tests): spec section 5's results screen.
 * The id is a test's (a garden test, a farm sample) or a farm order's: My tests and the results
 * notifications link a farm order by its id, so an unknown test id is asked again as an order,
 * whose samples are listed (or opened at once when there is one).
 */
export function ResultsPage() {
  const tr = useT();
  const lang = useLang();
  const { id = '' } = useParams();
  // My tests links a farm order as `?order`: its samples are asked at once (no failing test
  // request); a bare order id (older links) is still found after the test id's 404.
  const [search] = useSearchParams();
  const isOrder = search.has('order');
  const { data, error } = useTestResults(isOrder ? undefined : id);
  const [downloading, setDownloading] = useState(false);
  const notATest = isOrder || (isApiError(error) && error.status === 404);
  const order = useOrderResults(notATest ? id : null);
  if (notATest && !(isApiError(order.error) && order.error.status === 404)) {
    if (order.error) return <FormError>{describeError(lang, order.error)}</FormError>;
    if (!order.data) return <p className="muted">{tr('customerTests.loading')}</p>;
    if (order.data.samples.length === 1)
      return (
        <Navigate to={`/soil-tests/${encodeURIComponent(order.data.samples[0]!.testId)}/results`} replace />
      );
    return <OrderSamples view={order.data} tr={tr} />;
  }
  const failed = error ?? (isOrder ? order.error : undefined);
  if (failed) {
    const notFound = isApiError(failed) && failed.status === 404;
    return (
      <LoadFailed
        message={notFound ? tr('customerTests.resultsNotFound') : describeError(lang, failed)}
        back="/soil-tests"
        backLabel={tr('customerTests.backToTests')}
      />
    );
  }
  if (!data) return <p className="muted">{tr('customerTests.loading')}</p>;
  const basic = data.results.find((r) => r.testType === 'BASIC_TEST') ?? data.results[0];
  async function pdf() {
    setDownloading(true);
    try {
      await downloadPdf(`${resultsKey(id)}/report.pdf`, `gleba-${data!.code}.pdf`);
    } catch (e) {
      toast.error(describeError(lang, e));
    } finally {
      setDownloading(false);
    }
  }
  const phEl = basic?.elements.find((e) => e.key === 'PH_KCL');
  const nutrientClasses =
    basic?.elements.filter((e) => e.key !== 'PH_KCL' && e.class).map((e) => e.class) ?? [];
  return (
    <section className="page">
      <h2>{tr('customerTests.resultsFor', { name: data.fieldName })}</h2>
      <div className="results-actions">
        <Link to="/soil-tests" className="gl-button gl-button--secondary">
          {tr('customerTests.backToTests')}
        </Link>
        {data.results.length > 0 && (
          <button type="button" className="gl-button" onClick={() => void pdf()} disabled={downloading}>
            {tr('customerTests.downloadPdf')}
          </button>
        )}
      </div>
      <div className="results-layout">
        <div>
          {data.results.length === 0 && <p className="muted">{tr('customerTests.resultsInLab')}</p>}
          {data.results.map((r) => (
            <ResultsTable key={r.testType} result={r} tr={tr} lang={lang} />
          ))}
          {basic && <ClassChart elements={basic.elements.filter((e) => MAIN_KEYS.includes(e.key))} tr={tr} />}
          {data.kind === 'FARM' ? (
            // The sector map speaks the field results' texts (class and layer names).
            <Suspense fallback={<p className="muted">{tr('farmMap.loadingMap')}</p>}>
              <WithNamespaces names={['farmOrder', 'agronomy']}>
                <FarmTestMap view={data} />
              </WithNamespaces>
            </Suspense>
          ) : (
            <GardenLocation view={data} />
          )}
          {basic?.recommendation ? (
            <Recommendations rec={basic.recommendation} tr={tr} lang={lang} />
          ) : (
            basic && <p className="muted">{tr('customerTests.noRecommendation')}</p>
          )}
        </div>
        <aside>
          <ResultsDetails view={data} tr={tr} lang={lang} />
          <ComplaintsSection testId={data.testId} />
          {data.kind === 'FARM' && <TakenPunctures orderId={data.orderId} sampleId={data.testId} />}
          <Legend
            title={tr('customerTests.legendPh')}
            items={PH_CLASSES.map((c) => ({ value: c, label: tr(`customerTests.ph_${c}`) }))}
            colours={PH_COLOURS}
            current={phEl?.class}
          />
          <Legend
            title={tr('customerTests.legendContent')}
            items={NUTRIENT_CLASSES.map((c) => ({ value: c, label: tr(`customerTests.nc_${c}`) }))}
            colours={NUTRIENT_COLOURS}
            current={nutrientClasses.length === 1 ? nutrientClasses[0] : null}
          />
          <Legend
            title={tr('customerTests.legendCategory')}
            items={CATEGORIES.map((c) => ({ value: c, label: tr(`customerTests.cat_${c}`) }))}
            current={basic?.agronomicCategory?.value}
          />
        </aside>
      </div>
    </section>
  );
}
