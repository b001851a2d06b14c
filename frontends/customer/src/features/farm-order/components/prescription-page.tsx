import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormError, TableScroll } from '@gleba/ui';
import { isApiError } from '@gleba/api-client';
import {
  FERTILIZER_PRODUCT_MESSAGE,
  LIME_PRODUCT_MESSAGE,
  PRESCRIPTION_KINDS,
  PRESCRIPTION_PRODUCTS,
  prescriptionProduct,
  type Prescription,
  type PrescriptionKind,
  type PrescriptionProduct,
} from '@gleba/agronomy';
import type { PrescriptionFormat } from '@gleba/contracts';
import { formatArea, formatNumber } from '@gleba/i18n';
import { describeError, useLang, useT, type Translate } from '../../../lib/i18n';
import type { Language } from '@gleba/contracts';
import { formatDate } from '../../../lib/test-status';
import { downloadPrescription, useCrop, useFieldHistory, useOrdersById } from '../../../lib/api/farm-order';
import { NO_DATA_COLOUR } from '../../../lib/results/layers';
import { exportBody, mappedSectors, rateColour, sectorPrescription } from '../rules/prescription';
import { sectorViews } from '../rules/sector-views';
import { sampleSectors } from '../../../lib/results/class-layers';
import { ordersWithResults } from './field-results-page';
import { MapResults } from '../../../lib/results/map-results';
import '../../../lib/styles/farm-order.css';

const FORMATS: { format: PrescriptionFormat; label: string }[] = [
  { format: 'isoxml', label: 'prescription.exportIsoxml' },
  { format: 'shp', label: 'prescription.exportShp' },
  { format: 'geojson', label: 'prescription.exportGeojson' },
];

/** The product's name as the results page gives it, with its content when the name lacks it. */
export function productLabel(tr: Translate, lang: Language, product: PrescriptionProduct): string {
  const name =
    product.kind === 'LIME'
      ? tr(LIME_PRODUCT_MESSAGE[product.id as keyof typeof LIME_PRODUCT_MESSAGE])
      : tr(FERTILIZER_PRODUCT_MESSAGE[product.id as keyof typeof FERTILIZER_PRODUCT_MESSAGE]);
  if (name.includes('%')) return name;
  return tr('prescription.productOption', {
    name,
    percent: formatNumber(lang, product.percent, 2),
    nutrient: tr(`prescription.nutrient_${product.kind}`),
  });
}

/** kg below a tonne, else tonnes with two decimals. */
export function amountText(tr: Translate, lang: Language, kg: number): string {
  return kg >= 1000
    ? tr('prescription.tonnes', { value: formatNumber(lang, kg / 1000, 2, 2) })
    : tr('prescription.kg', { value: formatNumber(lang, kg, 0) });
}

function RateLegend({ prescription, tr }: { prescription: Prescription; tr: Translate }) {
  const lang = useLang();
  const hasNone = prescription.zones.some((z) => z.rateKgPerHa === null);
  return (
    <section aria-label={tr('prescription.legend')}>
      <h3>{tr('prescription.legend')}</h3>
      <ul className="class-legend farm-order__legend">
        {prescription.rates.map((rate) => (
          <li key={rate} data-rate={rate}>
            <span
              className="class-legend__swatch"
              style={{ background: rateColour(rate, prescription.rates, NO_DATA_COLOUR) }}
            />
            {tr('prescription.rate', { rate: formatNumber(lang, rate, 0) })}
          </li>
        ))}
        {hasNone && (
          <li data-rate="none">
            <span className="class-legend__swatch" style={{ background: NO_DATA_COLOUR }} />
            {tr('prescription.noRate')}
          </li>
        )}
      </ul>
    </section>
  );
}

/** `/fields/{cropId}/prescription`: the variable-rate map of a product, its totals and the spreader files. */
export function PrescriptionPage() {
  const tr = useT();
  const lang = useLang();
  const { cropId = '' } = useParams();
  const crop = useCrop(cropId);
  const history = useFieldHistory(cropId);
  const basic = useMemo(
    () => (history.data?.items ?? []).filter((r) => r.testType === 'BASIC_TEST'),
    [history.data],
  );
  const orderList = useMemo(() => ordersWithResults(basic), [basic]);
  const latest = orderList[0];
  const orders = useOrdersById(latest ? [latest.orderId] : []);
  const where = useMemo(() => sampleSectors(orders.data ?? []), [orders.data]);
  const [kind, setKind] = useState<PrescriptionKind>('LIME');
  const [chosen, setChosen] = useState<Record<PrescriptionKind, string>>({
    LIME: 'CARBONATE',
    P2O5: 'SUPERPHOSPHATE_SINGLE',
    K2O: 'POTASSIUM_SALT',
    MGO: 'KIESERITE',
  });
  const [busy, setBusy] = useState<PrescriptionFormat | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const product = prescriptionProduct(kind, chosen[kind]) ?? PRESCRIPTION_PRODUCTS[kind][0]!;
  const views = useMemo(
    () =>
      sectorViews(
        basic.filter((r) => r.orderId === latest?.orderId),
        where,
        crop.data,
        tr('farmOrder.wholeField'),
      ),
    [basic, latest, where, crop.data, tr],
  );
  const prescription = useMemo(() => sectorPrescription(views, product), [views, product]);
  const rateOf = new Map(prescription.zones.map((z) => [z.key, z.rateKgPerHa]));
  const features = mappedSectors(views).map((v) => ({
    key: v.key,
    name: v.name,
    geometry: v.geometry!,
    colour: rateColour(rateOf.get(v.key) ?? null, prescription.rates, NO_DATA_COLOUR),
  }));
  const body = exportBody(prescription, kind);
  const name = crop.data?.name ?? basic[0]?.fieldName ?? '';
  const cropMissing = isApiError(crop.error) && crop.error.status === 404;
  const loadError = history.error ?? (crop.error && !cropMissing ? crop.error : undefined) ?? orders.error;
  const productName = productLabel(tr, lang, product);

  const download = async (format: PrescriptionFormat) => {
    setBusy(format);
    setDone(null);
    setExportError(null);
    try {
      setDone(await downloadPrescription(cropId, format, body));
    } catch (error) {
      setExportError(`${tr('prescription.exportFailed')} ${describeError(lang, error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="page farm-order prescription">
      <h2>{tr('prescription.heading', { name })}</h2>
      <p>
        <Link className="prescription__link" to={`/fields/${encodeURIComponent(cropId)}/results`}>
          {tr('prescription.toResults')}
        </Link>
      </p>
      <FormError>
        {loadError ? `${tr('farmOrder.resultsLoadFailed')} ${describeError(lang, loadError)}` : undefined}
      </FormError>
      {!history.data && !history.error && <p className="muted">{tr('farmOrder.loading')}</p>}
      {history.data && basic.length === 0 && <p role="status">{tr('prescription.noResults')}</p>}
      {cropMissing && basic.length > 0 && <p className="muted">{tr('prescription.noMap')}</p>}
      {latest && crop.data && (
        <>
          <p>{tr('prescription.intro')}</p>
          <p className="muted">
            {tr('prescription.basedOn', { number: latest.orderNumber, date: formatDate(lang, latest.date) })}
          </p>
          <MapResults
            controlsClassName="farm-order__controls prescription__controls"
            controls={
              <>
                <fieldset className="farm-order__layers">
                  <legend>{tr('prescription.what')}</legend>
                  {PRESCRIPTION_KINDS.map((k) => (
                    <label key={k}>
                      <input
                        type="radio"
                        name="prescription-kind"
                        value={k}
                        checked={kind === k}
                        onChange={() => setKind(k)}
                      />{' '}
                      {tr(`prescription.kind_${k}`)}
                    </label>
                  ))}
                </fieldset>
                <div className="prescription__product">
                  <label htmlFor="prescription-product">{tr('prescription.product')}</label>{' '}
                  <select
                    id="prescription-product"
                    value={product.id}
                    onChange={(e) => setChosen((c) => ({ ...c, [kind]: e.target.value }))}
                  >
                    {PRESCRIPTION_PRODUCTS[kind].map((p) => (
                      <option key={p.id} value={p.id}>
                        {productLabel(tr, lang, p)}
                      </option>
                    ))}
                  </select>
                </div>
              </>
            }
            features={features}
            selected={null}
            onPick={() => undefined}
            label={tr('prescription.mapLabel')}
            legend={<RateLegend prescription={prescription} tr={tr} />}
            side={
              <>
                <section aria-label={tr('prescription.total')} className="prescription__total">
                  <h3>{tr('prescription.total')}</h3>
                  <p data-total-kg={prescription.totalKg}>
                    <strong>
                      {tr('prescription.totalOf', {
                        product: productName,
                        amount: amountText(tr, lang, prescription.totalKg),
                        area: formatArea(lang, prescription.areaWithRateHa),
                      })}
                    </strong>
                  </p>
                  {prescription.areaWithoutRateHa > 0 && (
                    <p className="muted">
                      {tr('prescription.noRateArea', {
                        area: formatArea(lang, prescription.areaWithoutRateHa),
                      })}
                    </p>
                  )}
                  {prescription.totalKg === 0 && prescription.areaWithRateHa > 0 && (
                    <p>{tr('prescription.nothingNeeded')}</p>
                  )}
                </section>
                <section aria-label={tr('prescription.exports')}>
                  <h3>{tr('prescription.exports')}</h3>
                  <div className="results-actions prescription__exports">
                    {FORMATS.map(({ format, label }) => (
                      <button
                        key={format}
                        type="button"
                        className="gl-button gl-button--secondary"
                        disabled={busy !== null || body.zones.length === 0}
                        onClick={() => void download(format)}
                      >
                        {tr(label)}
                      </button>
                    ))}
                  </div>
                  {body.zones.length === 0 && <p className="muted">{tr('prescription.noExport')}</p>}
                  <p role="status" className="muted">
                    {busy
                      ? tr('prescription.exporting')
                      : done
                        ? tr('prescription.exported', { file: done })
                        : ''}
                  </p>
                  <FormError>{exportError ?? undefined}</FormError>
                </section>
              </>
            }
          />
          <section aria-label={tr('prescription.sectors')}>
            <h3>{tr('prescription.sectors')}</h3>
            <TableScroll>
              <table className="gl-table prescription__table">
                <thead>
                  <tr>
                    <th scope="col">{tr('prescription.colSector')}</th>
                    <th scope="col">{tr('prescription.colArea')}</th>
                    <th scope="col">{tr('prescription.colRate')}</th>
                    <th scope="col">{tr('prescription.colAmount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {prescription.zones.map((z) => (
                    <tr key={z.key} data-sector={z.key} data-rate={z.rateKgPerHa ?? 'none'}>
                      <td>
                        <span
                          className="class-legend__swatch"
                          style={{
                            background: rateColour(z.rateKgPerHa, prescription.rates, NO_DATA_COLOUR),
                          }}
                        />{' '}
                        {views.find((v) => v.key === z.key)?.name ?? z.key}
                      </td>
                      <td>{formatArea(lang, z.areaHa)}</td>
                      <td>
                        {z.rateKgPerHa === null
                          ? tr('prescription.noRate')
                          : tr('prescription.rate', { rate: formatNumber(lang, z.rateKgPerHa, 0) })}
                      </td>
                      <td>{amountText(tr, lang, z.amountKg)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
          <p className="muted">{tr('prescription.guide')}</p>
        </>
      )}
    </section>
  );
}
