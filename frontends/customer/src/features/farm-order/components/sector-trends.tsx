import { useId, useMemo, useState } from 'react';
import { TableScroll } from '@gleba/ui';
import { formatNumber } from '@gleba/i18n';
import type { Language, TFieldResultView } from '@gleba/contracts';
import { useLang, type Translate } from '../../../lib/i18n';
import { formatDate } from '../../../lib/test-status';
import type { SampleSectors } from '../rules/sector-views';
import { sectorTrends, TREND_ELEMENTS, type SectorTrend, type TrendElement } from '../rules/trends';

const W = 220;
const H = 96;
const PAD = { left: 22, right: 22, top: 22, bottom: 10 };

const LABEL: Record<TrendElement, string> = {
  PH_KCL: 'farmOrder.layer_PH',
  P2O5: 'farmOrder.layer_P',
  K2O: 'farmOrder.layer_K',
  MG: 'farmOrder.layer_MG',
};
const UNIT: Record<TrendElement, string> = {
  PH_KCL: '',
  P2O5: ' mg/100 g',
  K2O: ' mg/100 g',
  MG: ' mg/100 g',
};

function valueText(lang: Language, element: TrendElement, value: number): string {
  return `${formatNumber(lang, value, element === 'PH_KCL' ? 2 : 1)}${UNIT[element]}`;
}

export function changeText(tr: Translate, lang: Language, element: TrendElement, change: number | null) {
  if (change === null) return tr('prescription.changeFirst');
  if (change === 0) return tr('prescription.changeNone');
  const delta = valueText(lang, element, Math.abs(change));
  return change > 0 ? tr('prescription.changeUp', { delta }) : tr('prescription.changeDown', { delta });
}

/** One sector's values across the tests: a small line chart, its values said in its accessible name. */
function Sparkline({
  trend,
  element,
  min,
  max,
  tr,
}: {
  trend: SectorTrend;
  element: TrendElement;
  min: number;
  max: number;
  tr: Translate;
}) {
  const lang = useLang();
  const n = trend.points.length;
  const x = (i: number) =>
    PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (v: number) =>
    PAD.top +
    (max === min ? (H - PAD.top - PAD.bottom) / 2 : ((max - v) * (H - PAD.top - PAD.bottom)) / (max - min));
  const said = trend.points
    .map((p) =>
      tr('prescription.trendsPoint', {
        date: formatDate(lang, p.date),
        value: valueText(lang, element, p.value),
      }),
    )
    .join('; ');
  const label = tr('prescription.trendsChart', {
    nutrient: tr(LABEL[element]),
    sector: trend.name,
    values: said,
  });
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      role="img"
      aria-label={label}
      className="sector-trends__chart"
    >
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#d6ddd2" />
      {n > 1 && (
        <polyline
          fill="none"
          stroke="#2f6b2f"
          strokeWidth={2}
          points={trend.points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
        />
      )}
      {trend.points.map((p, i) => (
        <g key={p.orderId} aria-hidden="true">
          <circle cx={x(i)} cy={y(p.value)} r={4} fill="#2f6b2f" data-value={p.value} />
          <text x={x(i)} y={y(p.value) - 8} fontSize={11} textAnchor="middle" fill="#1b2a1b">
            {formatNumber(lang, p.value, element === 'PH_KCL' ? 2 : 1)}
          </text>
        </g>
      ))}
    </svg>
  );
}

/**
 * Per sector, the chosen element's value in each test of the field (a small
 * chart each, on one scale) and the change since the previous test; the table says the same in
 * words (the charts' accessible alternative).
 */
export function SectorTrends({
  results,
  where,
  tr,
  wholeName,
}: {
  results: readonly TFieldResultView[];
  where: SampleSectors;
  tr: Translate;
  wholeName: string;
}) {
  const lang = useLang();
  const id = useId();
  const [element, setElement] = useState<TrendElement>('PH_KCL');
  const trends = useMemo(
    () => sectorTrends(results, where, element, wholeName),
    [results, where, element, wholeName],
  );
  const values = trends.flatMap((t) => t.points.map((p) => p.value));
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (trends.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-h`} className="sector-trends">
      <h3 id={`${id}-h`}>{tr('prescription.trends')}</h3>
      <p className="muted">{tr('prescription.trendsIntro')}</p>
      <div className="prescription__product">
        <label htmlFor={`${id}-element`}>{tr('prescription.trendsNutrient')}</label>{' '}
        <select
          id={`${id}-element`}
          value={element}
          onChange={(e) => setElement(e.target.value as TrendElement)}
        >
          {TREND_ELEMENTS.map((e) => (
            <option key={e} value={e}>
              {tr(LABEL[e])}
            </option>
          ))}
        </select>
      </div>
      <TableScroll>
        <table className="gl-table sector-trends__table">
          <thead>
            <tr>
              <th scope="col">{tr('prescription.colSector')}</th>
              <th scope="col">{tr(LABEL[element])}</th>
              <th scope="col">{tr('prescription.colPrevious')}</th>
              <th scope="col">{tr('prescription.colLatest')}</th>
              <th scope="col">{tr('prescription.colChange')}</th>
            </tr>
          </thead>
          <tbody>
            {trends.map((t) => {
              const last = t.points.at(-1)!;
              const prev = t.points.at(-2);
              return (
                <tr key={t.key} data-sector={t.name} data-change={t.change ?? 'none'}>
                  <th scope="row">{t.name}</th>
                  <td>
                    <Sparkline trend={t} element={element} min={min} max={max} tr={tr} />
                  </td>
                  <td>
                    {prev ? `${valueText(lang, element, prev.value)} (${formatDate(lang, prev.date)})` : '—'}
                  </td>
                  <td>{`${valueText(lang, element, last.value)} (${formatDate(lang, last.date)})`}</td>
                  <td>{changeText(tr, lang, element, t.change)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
