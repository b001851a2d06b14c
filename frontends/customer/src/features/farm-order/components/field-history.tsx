import { formatNumber } from '@gleba/i18n';
import { TableScroll } from '@gleba/ui';
import type { TFieldResultView } from '@gleba/contracts';
import type { Translate } from '../../../lib/i18n';
import { useLang } from '../../../lib/i18n';
import { formatDate } from '../../../lib/test-status';
import { classOf, colourOf, valueOf } from '../../../lib/results/layers';

const W = 520;
const H = 200;
const PAD = { left: 36, right: 16, top: 12, bottom: 36 };
const PH_MIN = 3.5;
const PH_MAX = 8.5;

export interface PhPoint {
  orderId: string;
  orderNumber: string;
  date: string;
  values: number[];
  mean: number;
}

/** The pH of every sample, per order (oldest first), with the order's mean. */
export function phSeries(results: readonly TFieldResultView[]): PhPoint[] {
  const byOrder = new Map<string, PhPoint>();
  for (const r of results) {
    const ph = r.elements.find((e) => e.key === 'PH_KCL')?.value;
    if (ph === null || ph === undefined) continue;
    const p = byOrder.get(r.orderId) ?? {
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      date: r.updatedAt,
      values: [],
      mean: 0,
    };
    p.values.push(ph);
    if (r.updatedAt > p.date) p.date = r.updatedAt;
    byOrder.set(r.orderId, p);
  }
  return [...byOrder.values()]
    .map((p) => ({
      ...p,
      mean: Math.round((p.values.reduce((a, b) => a + b, 0) / p.values.length) * 100) / 100,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

function PhChart({ series, tr }: { series: PhPoint[]; tr: Translate }) {
  const lang = useLang();
  if (series.length === 0) return null;
  const x = (i: number) =>
    PAD.left +
    (series.length === 1
      ? (W - PAD.left - PAD.right) / 2
      : (i * (W - PAD.left - PAD.right)) / (series.length - 1));
  // The end labels lean inwards, so an order number is not cut at the chart's edges.
  const anchor = (i: number) =>
    series.length === 1 ? 'middle' : i === 0 ? 'start' : i === series.length - 1 ? 'end' : 'middle';
  const y = (ph: number) =>
    PAD.top +
    ((PH_MAX - Math.min(PH_MAX, Math.max(PH_MIN, ph))) * (H - PAD.top - PAD.bottom)) / (PH_MAX - PH_MIN);
  return (
    // Focusable: on a phone the figure scrolls sideways, and a keyboard must reach that.
    <figure className="results-chart farm-order__chart" tabIndex={0}>
      <figcaption>{tr('farmOrder.historyChart')}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={tr('farmOrder.historyChart')}>
        {[4, 5, 6, 7, 8].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#d6ddd2" />
            <text x={4} y={y(v) + 4} fontSize={11}>
              {v}
            </text>
          </g>
        ))}
        <polyline
          fill="none"
          stroke="#2f6b2f"
          strokeWidth={2}
          points={series.map((p, i) => `${x(i)},${y(p.mean)}`).join(' ')}
        />
        {series.map((p, i) => (
          <g key={p.orderId} data-order={p.orderNumber} data-mean={p.mean}>
            {p.values.map((v, j) => (
              <circle key={j} cx={x(i)} cy={y(v)} r={3} fill="#8d6e63" opacity={0.7} />
            ))}
            <circle cx={x(i)} cy={y(p.mean)} r={5} fill="#2f6b2f">
              <title>{`${p.orderNumber}: pH ${formatNumber(lang, p.mean, 2)}`}</title>
            </circle>
            <text x={x(i)} y={H - 18} fontSize={11} textAnchor={anchor(i)}>
              {p.orderNumber}
            </text>
            <text x={x(i)} y={H - 5} fontSize={10} textAnchor={anchor(i)}>
              {formatDate(lang, p.date)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

/** The field's result history across orders: a table of every sample and the pH over time. */
export function FieldHistory({
  results,
  where,
  tr,
}: {
  results: readonly TFieldResultView[];
  where: Map<string, { sectorName: string | null }>;
  tr: Translate;
}) {
  const lang = useLang();
  const rows = [...results].sort(
    (a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.code.localeCompare(b.code),
  );
  return (
    <section aria-label={tr('farmOrder.history')} className="farm-order__history">
      <h3>{tr('farmOrder.history')}</h3>
      <PhChart series={phSeries(results)} tr={tr} />
      <TableScroll>
        <table className="gl-table">
          <thead>
            <tr>
              <th>{tr('farmOrder.colDate')}</th>
              <th>{tr('farmOrder.colOrder')}</th>
              <th>{tr('farmOrder.colSector')}</th>
              <th>{tr('farmOrder.colPh')}</th>
              <th>P₂O₅</th>
              <th>K₂O</th>
              <th>Mg</th>
              <th>{tr('farmOrder.colCategory')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.testId}-${r.testType}`} data-order={r.orderNumber}>
                <td>{formatDate(lang, r.updatedAt)}</td>
                <td>{r.orderNumber}</td>
                <td>{where.get(r.testId)?.sectorName ?? tr('farmOrder.wholeField')}</td>
                {(['PH', 'P', 'K', 'MG'] as const).map((layer) => {
                  const key = { PH: 'PH_KCL', P: 'P2O5', K: 'K2O', MG: 'MG' }[layer];
                  return (
                    <td key={layer}>
                      <span
                        className="class-legend__swatch"
                        style={{ background: colourOf(classOf(r, layer), layer) }}
                      />{' '}
                      {valueOf(r, key, lang)}
                    </td>
                  );
                })}
                <td>{r.agronomicCategory?.label ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
